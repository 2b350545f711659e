package dev.pbs.formats.record;

/**
 * A probe record that cannot be read: not a record, of another version, truncated, or with a line
 * that does not hold what its type says. The message names the file's line and what is wrong with
 * it.
 */
public final class ProbeRecordException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public ProbeRecordException(String message) {
        super(message);
    }

    public ProbeRecordException(String message, Throwable cause) {
        super(message, cause);
    }
}
