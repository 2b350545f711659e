package dev.pbs.service.core;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The rules for a profile name, which appears in URLs ({@code /profiles/<name>}) and in file names
 * ({@code profiles/<name>.json}): 1 to 64 characters; ASCII letters and digits, then also
 * {@code .}, {@code _} and {@code -}; no {@code ..}; not ending in {@code .tmp} or {@code .json}
 * (in any letter case). So a valid name is never a path, a hidden file, or one of the store's own
 * file names.
 */
public final class ProfileName {

    public static final int MAX_LENGTH = 64;

    private static final Pattern SHAPE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
    private static final int SHOWN_LENGTH = 80;

    private ProfileName() {}

    /** Whether {@link #require} would accept the name. */
    public static boolean isValid(String name) {
        return problem(name) == null;
    }

    /**
     * Returns the name unchanged if it is valid.
     *
     * @throws IllegalArgumentException naming the broken rule and the name (escaped, at most 80 characters)
     */
    public static String require(String name) {
        String problem = problem(name);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        return name;
    }

    private static String problem(String name) {
        if (name == null || name.isEmpty()) {
            return "profile name is missing";
        }
        if (name.length() > MAX_LENGTH) {
            return "profile name must be at most " + MAX_LENGTH + " characters, was " + name.length() + ": "
                    + shown(name);
        }
        if (!SHAPE.matcher(name).matches()) {
            return "profile name must start with an ASCII letter or digit and contain only ASCII letters, digits, "
                    + "'.', '_' and '-', was " + shown(name);
        }
        if (name.contains("..")) {
            return "profile name must not contain \"..\", was " + shown(name);
        }
        String lowerCase = name.toLowerCase(Locale.ROOT);
        if (lowerCase.endsWith(".tmp") || lowerCase.endsWith(".json")) {
            return "profile name must not end in \".tmp\" or \".json\", was " + shown(name);
        }
        return null;
    }

    /** The name in double quotes, with quotes, backslashes and non-printable-ASCII escaped, cut at 80 characters. */
    static String shown(String name) {
        StringBuilder escaped = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            String piece;
            if (c == '"' || c == '\\') {
                piece = "\\" + c;
            } else if (c < 0x20 || c > 0x7e) {
                piece = String.format("\\u%04x", (int) c);
            } else {
                piece = String.valueOf(c);
            }
            if (escaped.length() + piece.length() > SHOWN_LENGTH) {
                return "\"" + escaped + "\"... (" + name.length() + " characters)";
            }
            escaped.append(piece);
        }
        return "\"" + escaped + "\"";
    }
}
