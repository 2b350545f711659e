package dev.pbs.formats.profile;

/**
 * A profile document breaks a rule. The message is {@code "<json path>: <rule>"}, for example
 * {@code "default.w.alpha: pareto alpha must be finite and > 0, was -1.0"}; the path is empty for
 * problems with the document as a whole (such as malformed JSON).
 */
public final class ProfileFormatException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String jsonPath;
    private final String rule;

    public ProfileFormatException(String jsonPath, String rule) {
        super(jsonPath.isEmpty() ? rule : jsonPath + ": " + rule);
        this.jsonPath = jsonPath;
        this.rule = rule;
    }

    public ProfileFormatException(String jsonPath, String rule, Throwable cause) {
        this(jsonPath, rule);
        initCause(cause);
    }

    /** Where in the document, e.g. {@code replicas[1].w.mean_ms}; empty for the whole document. */
    public String jsonPath() {
        return jsonPath;
    }

    /** What is wrong, without the path. */
    public String rule() {
        return rule;
    }
}
