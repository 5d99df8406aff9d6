package io.kbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.catalog.CatalogEntry;
import io.kbench.catalog.CatalogKpi;
import io.kbench.catalog.EntryKind;
import io.kbench.catalog.History;
import io.kbench.catalog.RunEnvironment;
import io.kbench.catalog.RunSetup;
import io.kbench.statistics.Settings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kbench history --html} with text a shared catalog may hold: a workload named like markup, a host, a tag and a
 * settings value that try to end the data block or open a script. Before the change the data block escaped only
 * {@code </}, so {@code <!--<script>} in a name switched the browser's tokenizer to the double-escaped state and the
 * page's last {@code </script>} was lost (a blank page), and the page had no Content-Security-Policy.
 */
class TrendPageTest {
    /** A workload name from a result file: an HTML comment opener and a script tag, then a script that ends a block. */
    static final String HOSTILE = "<!--<script>";
    static final String ENDS_A_SCRIPT = "</script><script>document.title='pwned'</script>";
    private static final Pattern DATA = Pattern.compile(
            "<script id=\"history-data\" type=\"application/json\">(.*?)</script>", Pattern.DOTALL);

    @TempDir
    Path tmp;

    /** Six runs of one hostile workload (a step in the middle, so there is a change point and its text too). */
    static History hostileHistory() {
        RunEnvironment env = new RunEnvironment("embedded/1 broker(s)", "0.1.0", "4.3.1", "4.3.1", "17", "17", "Linux",
                "cpu", 2, ENDS_A_SCRIPT);
        RunSetup setup = new RunSetup(Map.of("acks", "<img src=x onerror=alert(1)>"), Map.of());
        List<CatalogEntry> runs = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            double rate = (i < 4 ? 2_000 : 1_000) * (1 + 0.002 * ((i * 7) % 5 - 2));
            runs.add(new CatalogEntry("key-" + i, EntryKind.RUN, HOSTILE + ENDS_A_SCRIPT, "hash-" + i + "-0000000000",
                    Instant.ofEpochSecond(i * 60L), "completed", env, null, Map.of("team", ENDS_A_SCRIPT),
                    Map.of(CatalogKpi.PRODUCED_RECORDS_PER_SEC, rate), 0, null, "/results/run-" + i, setup));
        }
        return History.of(runs, Settings.defaults());
    }

    /** Runs against an external cluster whose brokers said nothing of themselves: no broker version, no client JDK. */
    static History externalHistory() {
        RunEnvironment env = new RunEnvironment("external/3 broker(s)", "0.1.0", "4.3.1", null, null, null, "Linux", null,
                2, null);
        List<CatalogEntry> runs = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            runs.add(new CatalogEntry("key-" + i, EntryKind.RUN, "w", "hash-" + i + "-0000000000",
                    Instant.ofEpochSecond(i * 60L), "completed", env, null, Map.of(),
                    Map.of(CatalogKpi.PRODUCED_RECORDS_PER_SEC, 2_000.0 + i), 0, null, "/results/run-" + i,
                    RunSetup.unknown()));
        }
        return History.of(runs, Settings.defaults());
    }

    @Test
    void theDataBlockHoldsNoMarkupAndReadsBackAsTheCatalogsText() throws Exception {
        Path file = tmp.resolve("trend.html");
        TrendPage.write(hostileHistory(), HOSTILE, file);
        String html = Files.readString(file);
        Matcher data = DATA.matcher(html);
        assertThat(data.find()).as(html).isTrue();
        assertThat(data.group(1)).doesNotContain("<", ">", "&");
        JsonNode history = new ObjectMapper().readTree(data.group(1));
        assertThat(history.get("series").get(0).get("workload").asText()).isEqualTo(HOSTILE + ENDS_A_SCRIPT);
        // Four script elements, all kbench's: the error capture, Chart.js, the data block and the page's script.
        assertThat(count(html, "<script")).isEqualTo(4);
        assertThat(count(html, "</script>")).isEqualTo(4);
        assertThat(html).contains("<h1>kbench history: &lt;!--&lt;script&gt;</h1>")
                .contains("<title>kbench history: &lt;!--&lt;script&gt;</title>");
    }

    @Test
    void thePolicyRunsExactlyThePagesOwnScriptsAndNothingInline() throws Exception {
        Path file = tmp.resolve("trend.html");
        TrendPage.write(hostileHistory(), "t", file);
        String html = Files.readString(file);
        Matcher meta = Pattern.compile("<meta http-equiv=\"Content-Security-Policy\" content=\"([^\"]+)\">").matcher(html);
        assertThat(meta.find()).as("a CSP meta").isTrue();
        assertThat(meta.start()).as("before the first script").isLessThan(html.indexOf("<script"));
        String policy = meta.group(1);
        assertThat(policy).startsWith("default-src 'none'; script-src 'sha256-")
                .contains("base-uri 'none'");
        String scriptSrc = policy.substring(policy.indexOf("script-src"), policy.indexOf(';', policy.indexOf("script-src")));
        assertThat(scriptSrc).doesNotContain("unsafe");
        Matcher script = Pattern.compile("<script>(.*?)</script>", Pattern.DOTALL).matcher(html);
        List<String> hashes = new ArrayList<>();
        while (script.find()) {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(script.group(1).getBytes(StandardCharsets.UTF_8));
            hashes.add("'sha256-" + Base64.getEncoder().encodeToString(digest) + "'");
        }
        assertThat(hashes).hasSize(3);
        assertThat(scriptSrc.substring("script-src ".length()).split(" ")).containsExactlyElementsOf(hashes);
    }

    @Test
    void aTitleThatReadsLikeASlotStaysText() throws Exception {
        Path file = tmp.resolve("trend.html");
        TrendPage.write(hostileHistory(), "{{data}} {{js}}", file);
        String html = Files.readString(file);
        assertThat(html).contains("<h1>kbench history: {{data}} {{js}}</h1>");
        assertThat(count(html, "\"series\":")).as("the data once, in its block").isEqualTo(1);
    }

    @Test
    void aReportDirectoryNamedLikeAUrlSchemeStaysAPath() {
        Path page = tmp.resolve("trend.html");
        CatalogEntry run = hostileHistory().series().get(0).runs().get(0);
        CatalogEntry scheme = new CatalogEntry(run.runKey(), run.kind(), run.workload(), run.workloadHash(),
                run.startedAt(), run.status(), run.environment(), null, Map.of(), run.kpis(), 0, null,
                tmp.resolve("javascript:alert(1)").toString(), run.setup());
        assertThat(TrendPage.link(page, scheme)).isEqualTo("./javascript:alert(1)");
        CatalogEntry plain = new CatalogEntry(run.runKey(), run.kind(), run.workload(), run.workloadHash(),
                run.startedAt(), run.status(), run.environment(), null, Map.of(), run.kpis(), 0, null,
                tmp.resolve("runs/a:b").toString(), run.setup());
        assertThat(TrendPage.link(page, plain)).isEqualTo("runs/a:b");
    }

    @Test
    void theTemplateFillsInOnePassAndRefusesASlotWithoutAValue() {
        assertThat(Template.fill("<h1>{{a}}</h1>{{b}}", Map.of("a", "{{b}}", "b", "$1 \\"))).isEqualTo("<h1>{{b}}</h1>$1 \\");
        assertThatThrownBy(() -> Template.fill("{{a}} {{c}}", Map.of("a", "x"))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("{{c}}");
        assertThatThrownBy(() -> Template.fill("{{a}}", Map.of("a", "x", "b", "y"))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("b");
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            n++;
        }
        return n;
    }
}
