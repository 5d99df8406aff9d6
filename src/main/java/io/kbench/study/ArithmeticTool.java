package io.kbench.study;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.format.LowercaseEnum;

/** The kbench command that recomputes an original's arithmetic. */
public enum ArithmeticTool {
    /** {@code kbench plan FILE}: events, bytes and storage per day, network, NIC, endurance, disk limits. */
    PLAN,
    /** {@code kbench cost --prices FILE --stated FILE}: cost-performance, nodes, monthly and yearly costs, savings. */
    COST;

    @JsonValue
    public String json() {
        return LowercaseEnum.json(this);
    }

    @JsonCreator
    public static ArithmeticTool of(String text) {
        return LowercaseEnum.parse(ArithmeticTool.class, text, "arithmetic tool");
    }
}
