package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The filesystem each embedded broker's data dirs get under {@code cluster.storage}, named as mount -t names it. */
public enum StorageFilesystem {
    @JsonProperty("ext4") EXT4,
    @JsonProperty("xfs") XFS,
    @JsonProperty("btrfs") BTRFS,
    /** Memory, not a disk: no image file and no loop device; {@code size} caps what it may hold. */
    @JsonProperty("tmpfs") TMPFS;

    /** The name mount -t and result.json use. */
    public String fsName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
