package io.kbench.report;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * The scripts a page inlines and the Content-Security-Policy that lets exactly those run: each by the SHA-256 of its
 * text ({@code script-src 'sha256-...'}, CSP Level 2, https://www.w3.org/TR/CSP2/#script-src-hash-usage), with no
 * {@code 'unsafe-inline'}. A script element that data smuggled into the page could open would not match any hash and
 * is refused by the browser, and so is a {@code javascript:} link. The page is assembled in Java, so the hashes are
 * computed from the very text written.
 */
final class InlineScripts {
    private final List<String> hashes = new ArrayList<>();

    /**
     * {@code source} as it goes between {@code <script>} and {@code </script>}: line ends as the HTML parser hands them
     * to the hash check (CR LF and CR become LF, https://html.spec.whatwg.org/#preprocessing-the-input-stream) and no
     * {@code </script} that would end the element early; its hash is added to the policy.
     */
    String add(String source) {
        String text = source.replace("\r\n", "\n").replace('\r', '\n').replace("</script", "<\\/script");
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            hashes.add("'sha256-" + Base64.getEncoder().encodeToString(digest) + "'");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
        return text;
    }

    /**
     * The page's policy: nothing loaded from anywhere ({@code default-src 'none'}), the added scripts only, inline
     * styles (Chart.js sizes its canvases with them), {@code data:} images, no {@code <base>} and no form target.
     */
    String policy() {
        return "default-src 'none'; script-src " + String.join(" ", hashes) + "; style-src 'unsafe-inline'; img-src data:;"
                + " base-uri 'none'; form-action 'none'";
    }
}
