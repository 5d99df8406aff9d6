package io.kbench.release;

import io.kbench.error.InvalidInputException;
import io.kbench.error.KbenchException;
import io.kbench.error.RunFailedException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.eclipse.aether.artifact.Artifact;
import org.eclipse.aether.collection.DependencyCollectionException;
import org.eclipse.aether.resolution.ArtifactDescriptorException;
import org.eclipse.aether.resolution.ArtifactResolutionException;
import org.eclipse.aether.resolution.ArtifactResult;
import org.eclipse.aether.resolution.DependencyResolutionException;
import org.eclipse.aether.transfer.ArtifactNotFoundException;
import org.eclipse.aether.transfer.ArtifactTransferException;

/**
 * The one-line errors of a release that cannot be had. The resolver's own messages are not shown: they are long,
 * nest several causes and name the repository's host; these name the version and what to do.
 */
final class ReleaseErrors {
    /** The artifacts a release is resolved from, in the order a missing one is named. */
    private static final List<String> ROOTS = List.of(ReleaseResolver.BROKER_ARTIFACT, "kafka-tools", "kafka-clients");

    private ReleaseErrors() {
    }

    /**
     * Exit 2 when the remote has no such release (a version that does not exist is the user's input); exit 1 when a
     * dependency of it is missing or the remote cannot be reached (the input is fine, the run cannot go on here).
     */
    static KbenchException of(String field, ReleaseVersion version, DependencyResolutionException e, Path cache,
            String remote) {
        List<Throwable> all = flatten(e);
        List<Artifact> notFound = all.stream().filter(ArtifactNotFoundException.class::isInstance)
                .map(t -> ((ArtifactNotFoundException) t).getArtifact()).filter(Objects::nonNull).toList();
        // The release itself missing is what the user should hear about, whichever root the resolver tried first.
        Optional<Artifact> root = notFound.stream().filter(a -> ReleaseResolver.GROUP.equals(a.getGroupId())
                && ROOTS.contains(a.getArtifactId()) && version.toString().equals(a.getVersion()))
                .min(Comparator.comparingInt(a -> ROOTS.indexOf(a.getArtifactId())));
        if (root.isPresent()) {
            return new InvalidInputException(field + " " + version + ": " + remote + " has no " + gav(root.get())
                    + " ('kbench kafka list' shows the releases in the cache)");
        }
        if (!notFound.isEmpty()) {
            return new RunFailedException(field + " " + version + ": " + remote + " has no " + gav(notFound.get(0))
                    + ", which Kafka " + version + " depends on");
        }
        return new RunFailedException(field + " " + version + ": not in the cache " + cache + " and " + remote
                + " could not be reached (" + reason(all) + "); run 'kbench kafka fetch " + version
                + "' once it can be, or copy a cache that holds it (kbench/releases/" + version
                + ".json and the files it lists) into " + cache);
    }

    private static String gav(Artifact a) {
        return a.getGroupId() + ":" + a.getArtifactId() + ":" + a.getVersion();
    }

    /**
     * The innermost cause of the first failed transfer, by its class name only: the messages of network exceptions
     * carry the host name and address, which a one-line error does not need.
     */
    private static String reason(List<Throwable> all) {
        Throwable transfer = all.stream().filter(ArtifactTransferException.class::isInstance).findFirst()
                .orElse(all.isEmpty() ? null : all.get(0));
        if (transfer == null) {
            return "unknown cause";
        }
        Throwable root = transfer;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName();
    }

    /** Every exception the resolver's result objects hold, breadth first: causes, suppressed, per-artifact results. */
    static List<Throwable> flatten(Throwable top) {
        List<Throwable> out = new ArrayList<>();
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Throwable> todo = new ArrayDeque<>(List.of(top));
        while (!todo.isEmpty()) {
            Throwable t = todo.poll();
            if (!seen.add(t)) {
                continue;
            }
            out.add(t);
            if (t.getCause() != null) {
                todo.add(t.getCause());
            }
            todo.addAll(List.of(t.getSuppressed()));
            todo.addAll(held(t));
        }
        return out;
    }

    private static List<Throwable> held(Throwable t) {
        List<Throwable> held = new ArrayList<>();
        if (t instanceof DependencyResolutionException d && d.getResult() != null) {
            held.addAll(d.getResult().getCollectExceptions());
            d.getResult().getArtifactResults().forEach(r -> held.addAll(r.getExceptions()));
        } else if (t instanceof ArtifactResolutionException a && a.getResults() != null) {
            a.getResults().stream().map(ArtifactResult::getExceptions).forEach(held::addAll);
        } else if (t instanceof ArtifactDescriptorException a && a.getResult() != null) {
            held.addAll(a.getResult().getExceptions());
        } else if (t instanceof DependencyCollectionException c && c.getResult() != null) {
            held.addAll(c.getResult().getExceptions());
        }
        return held;
    }
}
