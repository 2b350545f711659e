package dev.pbs.cassandra.tls;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * A password read from an environment variable or a file, with where it came from. Its value never
 * appears in {@link #toString()}, in a message, or anywhere but where it is used; only its source
 * does ("file /etc/pbs/password (--password-file)").
 *
 * <p>A file's content is taken as it is, less one trailing line end ({@code \n} or {@code \r\n}),
 * so that a file written by {@code echo} works; an empty password is refused.
 */
public final class Secret {

    /** Longest file read as a secret: a password, not a document. */
    private static final long MAX_FILE_BYTES = 4096;

    private final String value;
    private final String source;

    private Secret(String value, String source) {
        this.value = value;
        this.source = source;
    }

    /** A secret given directly by code (tests, a generated password); {@code source} says whence. */
    public static Secret of(String value, String source) {
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(source, "source");
        if (value.isEmpty()) {
            throw new IllegalArgumentException("the password from " + source + " is empty");
        }
        return new Secret(value, source);
    }

    /**
     * The value of environment variable {@code variable}.
     *
     * @param option how the user named the variable, for messages ({@code --password-env})
     * @throws IllegalArgumentException when it is not set or empty
     */
    public static Secret fromEnvironment(String variable, String option) {
        return fromEnvironment(variable, option, System.getenv(variable));
    }

    static Secret fromEnvironment(String variable, String option, String value) {
        if (variable == null || variable.isBlank()) {
            throw new IllegalArgumentException(option + " needs the name of an environment variable");
        }
        if (value == null) {
            throw new IllegalArgumentException("environment variable " + variable + " (" + option + ") is not set");
        }
        if (value.isEmpty()) {
            throw new IllegalArgumentException("environment variable " + variable + " (" + option + ") is empty");
        }
        return new Secret(value, "environment variable " + variable + " (" + option + ")");
    }

    /**
     * The content of {@code file}, less one trailing line end.
     *
     * @param option how the user named the file, for messages ({@code --password-file})
     * @throws IllegalArgumentException when it is missing, unreadable, empty or larger than 4 KiB
     */
    public static Secret fromFile(Path file, String option) {
        Objects.requireNonNull(file, "file");
        String where = "file " + file + " (" + option + ")";
        byte[] bytes;
        try {
            if (Files.isDirectory(file)) {
                throw new IllegalArgumentException(where + " is a folder, not a file");
            }
            if (Files.size(file) > MAX_FILE_BYTES) {
                throw new IllegalArgumentException(
                        where + " is larger than " + MAX_FILE_BYTES + " bytes: it should hold the password alone");
            }
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException missing) {
            throw new IllegalArgumentException(where + " does not exist");
        } catch (IOException unreadable) {
            throw new IllegalArgumentException(
                    "cannot read " + where + ": " + unreadable.getClass().getSimpleName());
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (text.endsWith("\r\n")) {
            text = text.substring(0, text.length() - 2);
        } else if (text.endsWith("\n")) {
            text = text.substring(0, text.length() - 1);
        }
        if (text.isEmpty()) {
            throw new IllegalArgumentException(where + " is empty");
        }
        return new Secret(text, where);
    }

    /**
     * The secret from whichever of an environment variable and a file is named, none when neither
     * is; both at once is an error.
     *
     * @param variable the variable's name, or null
     * @param file the file, or null
     * @param variableOption the option naming the variable ({@code --password-env})
     * @param fileOption the option naming the file ({@code --password-file})
     */
    public static Optional<Secret> fromEither(String variable, Path file, String variableOption, String fileOption) {
        boolean hasVariable = variable != null;
        if (hasVariable && file != null) {
            throw new IllegalArgumentException("give " + variableOption + " or " + fileOption + ", not both");
        }
        if (hasVariable) {
            return Optional.of(fromEnvironment(variable, variableOption));
        }
        if (file != null) {
            return Optional.of(fromFile(file, fileOption));
        }
        return Optional.empty();
    }

    /** The secret itself: pass it to what needs it, never to a message or a log. */
    public String value() {
        return value;
    }

    /** The secret as characters, for the JDK's key store APIs. */
    public char[] chars() {
        return value.toCharArray();
    }

    /** Where it came from, e.g. {@code file /etc/pbs/password (--password-file)}; never the value. */
    public String source() {
        return source;
    }

    /** The source only. */
    @Override
    public String toString() {
        return "Secret[from " + source + "]";
    }
}
