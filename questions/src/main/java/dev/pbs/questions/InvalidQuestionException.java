package dev.pbs.questions;

/**
 * A question that cannot be answered as asked; the message names the field and the problem. The
 * REST service answers 400 with it, the command line prints it and exits with status 2.
 */
public class InvalidQuestionException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public InvalidQuestionException(String message) {
        super(message);
    }
}
