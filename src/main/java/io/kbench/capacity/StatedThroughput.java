package io.kbench.capacity;

import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import io.kbench.format.StrictYamlFile;
import io.kbench.result.cost.CostResult;
import io.kbench.unit.Units;
import java.nio.file.Path;
import java.util.List;

/**
 * Throughput figures a publication states, for {@code kbench cost --stated FILE}: the rows are priced like measured
 * results, but every row says whose figure it is and that kbench did not measure it. A study's published figures are
 * never dressed up as a kbench result.json.
 *
 * @param description free text shown nowhere but in the file: what the figures are
 * @param rows        the stated figures, in the order the cost table shows them (the first is the baseline)
 */
public record StatedThroughput(String description, List<Row> rows) {
    public StatedThroughput {
        if (rows == null || rows.isEmpty()) {
            throw InvalidInputException.field("rows", rows, "list at least one stated figure");
        }
        rows = List.copyOf(rows);
    }

    /**
     * One stated figure.
     *
     * @param label           the row's name in the cost table
     * @param statedBy        whose figure it is, with the line it is printed on (e.g. "S4 line 53: OpenJDK 107,805")
     * @param instanceType    the price file's instance type the figure was measured on
     * @param brokers         the broker count the figure is for
     * @param recordsPerSec   the stated cluster throughput
     * @param recordSizeBytes the record size the figure was measured with (for the MiB/s column)
     */
    public record Row(String label, String statedBy, String instanceType, int brokers, double recordsPerSec,
                      int recordSizeBytes) {
        public Row {
            Checks.notBlank("rows[].label", label);
            Checks.notBlank("rows[" + label + "].statedBy", statedBy);
            Checks.notBlank("rows[" + label + "].instanceType", instanceType);
            Checks.atLeast("rows[" + label + "].brokers", brokers, 1);
            Checks.positive("rows[" + label + "].recordsPerSec", recordsPerSec);
            Checks.atLeast("rows[" + label + "].recordSizeBytes", recordSizeBytes, 1);
        }

        /** The row as a capacity the cost arithmetic prices; its caveat names the source and that it is not measured. */
        public MeasuredCapacity capacity(Path file) {
            return new MeasuredCapacity(file, STATED, "stated by " + statedBy, recordsPerSec,
                    recordsPerSec * recordSizeBytes / Units.BYTES_PER_MIB, brokers, null, instanceType, label,
                    "stated by " + statedBy + ", not measured by kbench");
        }
    }

    /** The kind a stated row's capacity carries, where a measured one says run, find-max or sweep. */
    public static final String STATED = "stated";

    public static StatedThroughput load(Path file) {
        return StrictYamlFile.read(file, StatedThroughput.class);
    }

    /** Every row as a capacity, its source the file. */
    public List<MeasuredCapacity> capacities(Path file) {
        return rows.stream().map(r -> r.capacity(file)).toList();
    }

    /** Every row of {@code file} priced by {@code book}; fails naming the row whose instance type the book lacks. */
    public static List<CostAnalysis.PricedResult> priced(PriceBook book, Path file) {
        return load(file).capacities(file).stream().map(c -> new CostAnalysis.PricedResult(c,
                book.require(c.instanceType(), file + ": rows[" + c.label() + "].instanceType"))).toList();
    }

    /** What {@code kbench cost --prices PRICES --stated FILE [--target-records-per-sec T]} computes. */
    public static CostResult cost(Path prices, Path file, Double targetRecordsPerSec) {
        PriceBook book = PriceBook.load(prices);
        return CostAnalysis.analyse(book, priced(book, file), targetRecordsPerSec);
    }
}
