package io.kbench.result;

/** Constructor checks shared by the result records: the kind and schema version a file must carry. */
public final class SchemaChecks {
    /** The only schema version written so far; files of a later version are refused rather than half-read. */
    public static final int CURRENT = 1;

    private SchemaChecks() {
    }

    public static void kind(String expected, String actual) {
        if (!expected.equals(actual)) {
            throw new IllegalArgumentException("kind must be '" + expected + "' (got '" + actual + "')");
        }
    }

    public static void schemaVersion(int version) {
        if (version != CURRENT) {
            throw new IllegalArgumentException("schemaVersion " + version + " is not supported; this kbench reads "
                    + CURRENT);
        }
    }
}
