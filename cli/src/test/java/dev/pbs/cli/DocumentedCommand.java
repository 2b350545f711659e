package dev.pbs.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One {@code ./pbs ...} line of the documentation: its words (single quotes group, a {@code #}
 * outside quotes starts a comment) and the file its standard output is redirected to, if any.
 *
 * @param where the document and the line, for messages
 * @param words the arguments after {@code ./pbs}
 * @param redirect the file after {@code >}, or null
 */
record DocumentedCommand(String where, List<String> words, String redirect) {

    static DocumentedCommand parse(String where, String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        boolean quoted = false;
        for (char c : line.toCharArray()) {
            if (c == '\'') {
                quoted = !quoted;
                word = word == null ? new StringBuilder() : word;
            } else if (!quoted && c == '#') {
                break;
            } else if (!quoted && Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else {
                word = (word == null ? new StringBuilder() : word).append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        String redirect = null;
        int arrow = words.indexOf(">");
        if (arrow >= 0) {
            redirect = words.get(arrow + 1);
            words = new ArrayList<>(words.subList(0, arrow));
        }
        return new DocumentedCommand(where, List.copyOf(words.subList(1, words.size())), redirect);
    }

    /** The arguments, with every relative file name (*.json, *.svg, *.png) placed in {@code folder}. */
    List<String> argumentsIn(Path folder) {
        return words.stream()
                .map(word -> word.matches("[\\w.-]+\\.(json|svg|png)")
                        ? folder.resolve(word).toString()
                        : word)
                .toList();
    }

    @Override
    public String toString() {
        return where;
    }
}
