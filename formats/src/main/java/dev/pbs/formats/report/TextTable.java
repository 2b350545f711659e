package dev.pbs.formats.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table with aligned columns: the first {@code textColumns} columns are aligned
 * left, the others (numbers) right. Columns are separated by two spaces; lines carry no trailing
 * blanks.
 */
final class TextTable {

    private static final String GAP = "  ";

    private final List<String> header;
    private final int textColumns;
    private final List<List<String>> rows = new ArrayList<>();

    TextTable(List<String> header, int textColumns) {
        this.header = List.copyOf(header);
        this.textColumns = textColumns;
    }

    void addRow(List<String> cells) {
        if (cells.size() != header.size()) {
            throw new IllegalArgumentException("a row needs " + header.size() + " cells, was " + cells.size());
        }
        rows.add(List.copyOf(cells));
    }

    /** The header line and one line per row, each ending in a newline. */
    String render() {
        int[] widths = new int[header.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = header.get(c).length();
            for (List<String> row : rows) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        StringBuilder text = new StringBuilder();
        appendLine(text, header, widths);
        for (List<String> row : rows) {
            appendLine(text, row, widths);
        }
        return text.toString();
    }

    private void appendLine(StringBuilder text, List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < cells.size(); c++) {
            String cell = cells.get(c);
            String padding = " ".repeat(widths[c] - cell.length());
            line.append(c == 0 ? "" : GAP).append(c < textColumns ? cell + padding : padding + cell);
        }
        text.append(line.toString().stripTrailing()).append('\n');
    }
}
