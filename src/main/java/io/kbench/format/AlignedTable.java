package io.kbench.format;

import java.io.PrintStream;
import java.util.List;

/**
 * Plain-text tables for the terminal: the first column left-aligned (labels), the rest right-aligned (figures), or
 * left-aligned from a given column on (sentences, which read badly pushed to the right).
 */
public final class AlignedTable {
    private AlignedTable() {
    }

    /** Prints rows as columns two spaces apart; trailing blanks are stripped so golden files stay clean. */
    public static void print(List<List<String>> table, PrintStream out) {
        print(table, Integer.MAX_VALUE, out);
    }

    /** As {@link #print(List, PrintStream)}, with every column from {@code wordsFrom} on left-aligned. */
    public static void print(List<List<String>> table, int wordsFrom, PrintStream out) {
        int cols = table.stream().mapToInt(List::size).max().orElse(0);
        int[] width = new int[cols];
        for (List<String> row : table) {
            for (int i = 0; i < row.size(); i++) {
                width[i] = Math.max(width[i], row.get(i).length());
            }
        }
        for (List<String> row : table) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < row.size(); i++) {
                String cell = row.get(i);
                String pad = " ".repeat(width[i] - cell.length());
                sb.append(i == 0 ? cell + pad : i >= wordsFrom ? "  " + cell + pad : "  " + pad + cell);
            }
            out.println(sb.toString().stripTrailing());
        }
    }
}
