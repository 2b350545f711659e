package dev.pbs.cli;

/** {@code --format}: a table for people or JSON for tools (picocli converts the option, case-insensitively). */
enum OutputFormat {
    TABLE,
    JSON
}
