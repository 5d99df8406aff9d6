package io.kbench.console;

import io.kbench.result.Figure;
import java.util.ArrayList;
import java.util.List;

/** Renders figures as a compact fixed-width terminal table: figure, value, unit, formula. */
public final class FigureTable {
    private FigureTable() {
    }

    public static String render(String title, List<Figure> figures) {
        List<String[]> rows = new ArrayList<>();
        for (Figure f : figures) {
            rows.add(new String[] {f.label(), Figure.format(f.value()), f.unit(), f.formula()});
        }
        return renderRows(title, new String[] {"figure", "value", "unit", "formula"}, rows, new boolean[] {false, true, false, false});
    }

    /** Generic table; rightAligned marks numeric columns. */
    public static String renderRows(String title, String[] header, List<String[]> rows, boolean[] rightAligned) {
        int[] width = new int[header.length];
        for (int i = 0; i < header.length; i++) {
            width[i] = header[i].length();
        }
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        out.append(title).append('\n');
        appendRow(out, header, width, rightAligned);
        for (String[] row : rows) {
            appendRow(out, row, width, rightAligned);
        }
        return out.toString();
    }

    private static void appendRow(StringBuilder out, String[] cells, int[] width, boolean[] right) {
        out.append(' ');
        for (int i = 0; i < cells.length; i++) {
            // The last column is free text; padding it would only add trailing blanks.
            boolean last = i == cells.length - 1;
            String cell = last ? cells[i] : right[i] ? pad(cells[i], width[i], true) : pad(cells[i], width[i], false);
            out.append(' ').append(cell);
            if (!last) {
                out.append(' ');
            }
        }
        out.append('\n');
    }

    private static String pad(String s, int width, boolean left) {
        String spaces = " ".repeat(Math.max(0, width - s.length()));
        return left ? spaces + s : s + spaces;
    }
}
