package io.kbench.spec;

/**
 * What a rolling upgrade does with the cluster's {@code metadata.version} once every broker runs the new release
 * (KIP-778): keep it, so the software can still be rolled back, or finalize it to the newest the release supports,
 * which enables the release's new metadata features and closes the way back to an older release line.
 */
public enum MetadataFinalize {
    /** Leave metadata.version as it is ({@code finalize} absent or false). */
    KEEP,
    /** Raise metadata.version to the newest the new release supports ({@code finalize: true}). */
    FINALIZE
}
