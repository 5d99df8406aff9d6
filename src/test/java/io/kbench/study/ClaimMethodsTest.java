package io.kbench.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import io.kbench.report.ClaimsMarkdown;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A latency claim tested at open load and at an equal fixed rate: the pairing, and the rule for when they disagree. */
class ClaimMethodsTest {
    private static final ClaimEvidence OPEN = new ClaimEvidence("scenarios/s.yaml", "open", "p99-open");
    private static final ClaimEvidence FIXED = new ClaimEvidence("scenarios/s.yaml", "fixed", "p99-fixed");

    private static Claim claim(String id, String quote, ClaimEvidence test, ClaimMethod method, String counterpart) {
        return new Claim(id, quote, 7, "f", test, null, null, method, counterpart, null, null, null);
    }

    private static StudyClaims study(Claim... claims) {
        return new StudyClaims("S9", "x.txt", "p.md", "setup", null, null, List.of(claims));
    }

    @Test
    void aFixedRateClaimPairsWithItsOpenLoadCounterpart() {
        StudyClaims s = study(claim("open", "q", OPEN, ClaimMethod.OPEN_LOAD, null),
                claim("fixed", "q", FIXED, ClaimMethod.FIXED_RATE, "open"));
        assertThat(s.methodPairs()).singleElement().satisfies(p -> {
            assertThat(p.openLoad().id()).isEqualTo("open");
            assertThat(p.fixedRate().id()).isEqualTo("fixed");
        });
        ClaimResult open = new ClaimResult(s.claims().get(0), new Judged(ClaimVerdict.CONTRADICTED, "", ""), null, "");
        ClaimResult fixed = new ClaimResult(s.claims().get(1), new Judged(ClaimVerdict.HELD, "", ""), null, "");
        assertThat(ClaimsMarkdown.methods(s, List.of(open, fixed)))
                .contains("| \"q\" (7) | `open`: CONTRADICTED | `fixed`: HELD | **disagree**: CONTRADICTED at open load, HELD at an equal fixed rate |");
    }

    @Test
    void theRuleSaysWhenTheMethodsDisagree() {
        assertThat(ClaimsMarkdown.agreement(ClaimVerdict.HELD, ClaimVerdict.HELD)).isEqualTo("agree (HELD)");
        assertThat(ClaimsMarkdown.agreement(ClaimVerdict.HELD, ClaimVerdict.CONTRADICTED)).startsWith("**disagree**");
        assertThat(ClaimsMarkdown.agreement(ClaimVerdict.INCONCLUSIVE, ClaimVerdict.HELD))
                .isEqualTo("**disagree**: only the equal fixed rate settles it (HELD)");
        assertThat(ClaimsMarkdown.agreement(ClaimVerdict.CONTRADICTED, ClaimVerdict.INCONCLUSIVE))
                .isEqualTo("**disagree**: only open load settles it (CONTRADICTED)");
        assertThat(ClaimsMarkdown.agreement(ClaimVerdict.HELD, ClaimVerdict.NOT_MEASURED)).isEqualTo("not both measured yet");
    }

    @Test
    void aCounterpartMustBeTheSameClaimByTheOtherMethod() {
        assertThatThrownBy(() -> study(claim("open", "q", OPEN, ClaimMethod.OPEN_LOAD, null),
                claim("fixed", "another quote", FIXED, ClaimMethod.FIXED_RATE, "open")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("claims[fixed].counterpart");
        assertThatThrownBy(() -> study(claim("open", "q", OPEN, ClaimMethod.FIXED_RATE, null),
                claim("fixed", "q", FIXED, ClaimMethod.FIXED_RATE, "open")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("the other method");
        assertThatThrownBy(() -> study(claim("fixed", "q", FIXED, ClaimMethod.FIXED_RATE, "nowhere")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("is no claim of this study");
        assertThatThrownBy(() -> claim("fixed", "q", FIXED, null, "open"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("needs a method");
    }
}
