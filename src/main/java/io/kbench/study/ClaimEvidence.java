package io.kbench.study;

import io.kbench.error.InvalidInputException;

/**
 * How kbench tests a claim: a finding (a rule that can fail) judged on a kept result.
 *
 * @param scenario the scenario file that measures it, relative to the repository root (scenarios/...)
 * @param data     the kept result it is judged on: docs/studies/data/DATA.json
 * @param finding  the finding's id: in the scenario's {@code findings:} (sweeps) or the registry's {@code findMax:} /
 *                 {@code runs:} sections (find-max answers, single runs)
 */
public record ClaimEvidence(String scenario, String data, String finding) {
    public ClaimEvidence {
        if (scenario == null || !scenario.matches("scenarios/[\\w.-]+\\.yaml")) {
            throw InvalidInputException.field("test.scenario", scenario, "needs a scenario file: scenarios/NAME.yaml");
        }
        if (data == null || !data.matches("[a-z0-9][a-z0-9-]*")) {
            throw InvalidInputException.field("test.data", data, "needs a kept result's name (docs/studies/data/NAME.json)");
        }
        ClaimIds.check("test.finding", finding);
    }
}
