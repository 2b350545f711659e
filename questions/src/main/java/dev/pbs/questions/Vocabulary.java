package dev.pbs.questions;

/** How the edge that asks a question names its fields in messages: JSON fields or command-line options. */
public enum Vocabulary {
    /** The REST API's JSON fields and query parameters, quoted: {@code 'n'}, {@code 't_ms'}. */
    JSON,
    /** The command line's options: {@code --n}, {@code --t}. */
    COMMAND_LINE
}
