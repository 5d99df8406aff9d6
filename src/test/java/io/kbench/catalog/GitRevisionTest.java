package io.kbench.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The workload file's commit is read with real git from a repository whose own configuration names programs (a clone
 * from anywhere can carry them): hooks, an fsmonitor, a clean filter, signature checks. None of them may run.
 */
class GitRevisionTest {
    @TempDir
    Path dir;

    @Test
    void aRepositorysOwnProgramsNeverRunAndDirtyMeansTheFileDiffersFromHead() throws Exception {
        Path marker = dir.resolve("ran");
        Path program = dir.resolve("program.sh");
        Files.writeString(program, "#!/bin/sh\ntouch " + marker + "\ncat\n");
        assertThat(program.toFile().setExecutable(true)).isTrue();
        Path repo = Files.createDirectory(dir.resolve("repo"));
        Path workload = repo.resolve("w.yaml");
        git(repo, "init", "-q");
        Files.writeString(workload, "name: w\n");
        git(repo, "add", "w.yaml");
        git(repo, "-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "-m", "w");
        String head = git(repo, "rev-parse", "HEAD").strip();

        // What a hostile clone could carry: an fsmonitor, a clean filter on the file, signature checks, hooks.
        git(repo, "config", "core.fsmonitor", program.toString());
        git(repo, "config", "filter.evil.clean", program.toString());
        git(repo, "config", "log.showSignature", "true");
        git(repo, "config", "gpg.program", program.toString());
        Files.writeString(repo.resolve(".gitattributes"), "*.yaml filter=evil\n");
        for (String hook : List.of("post-index-change", "reference-transaction", "post-checkout")) {
            Path h = Files.copy(program, repo.resolve(".git/hooks").resolve(hook));
            assertThat(h.toFile().setExecutable(true)).isTrue();
        }

        assertThat(GitRevision.of(workload)).isEqualTo(head);
        Files.writeString(workload, "name: w2\n");
        assertThat(GitRevision.of(workload)).isEqualTo(head + "-dirty");
        Files.writeString(workload, "name: w\n");
        assertThat(GitRevision.of(workload)).as("the same bytes again").isEqualTo(head);

        assertThat(marker).as("a program the repository's configuration names ran").doesNotExist();
        assertThat(GitRevision.of(Files.writeString(dir.resolve("not-in-git.yaml"), "name: x\n"))).isNull();
    }

    private static String git(Path repo, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", command) + ": " + out).isZero();
        return out;
    }
}
