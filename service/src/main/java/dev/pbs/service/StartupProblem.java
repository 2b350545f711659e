package dev.pbs.service;

import io.dropwizard.configuration.ConfigurationException;
import io.dropwizard.configuration.ConfigurationValidationException;
import java.util.ArrayList;
import java.util.List;

/**
 * Why the service could not start, as one line for the terminal: a configuration that does not
 * parse or validate, a setting a probe refuses, a port already in use. Never a stack trace.
 */
final class StartupProblem {

    private StartupProblem() {}

    static String describe(Throwable problem) {
        if (problem instanceof ConfigurationValidationException invalid) {
            return firstLine(invalid.getMessage()) + " " + String.join("; ", invalid.getErrors());
        }
        if (problem instanceof ConfigurationException unreadable) {
            return firstLine(unreadable.getMessage()) + " " + String.join("; ", details(unreadable.getMessage()));
        }
        if (problem instanceof IllegalArgumentException invalid && invalid.getMessage() != null) {
            return invalid.getMessage();
        }
        Throwable root = problem;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = problem.getMessage() != null ? problem.getMessage() : root.getMessage();
        if (root != problem && root.getMessage() != null && !root.getMessage().equals(message)) {
            message = message + ": " + root.getMessage();
        }
        return message != null ? oneLine(message) : problem.getClass().getSimpleName();
    }

    /**
     * The lines after the first, trimmed, without Dropwizard's bullets, as phrases; its list of
     * suggested fields ("Did you mean?:" then "- name" lines) as one phrase.
     */
    private static List<String> details(String message) {
        List<String> details = new ArrayList<>();
        List<String> suggestions = new ArrayList<>();
        String[] lines = message.split("\\R");
        for (int index = 1; index < lines.length; index++) {
            String line = lines[index].trim();
            if (line.startsWith("* ")) {
                line = line.substring(2);
            }
            if (line.startsWith("Did you mean")) {
                continue;
            }
            if (line.startsWith("- ")) {
                suggestions.add(line.substring(2));
            } else if (line.matches("\\[\\d+ more]")) {
                suggestions.add("...");
            } else if (!line.isEmpty()) {
                details.add(line);
            }
        }
        if (!suggestions.isEmpty()) {
            details.add("did you mean one of " + String.join(", ", suggestions));
        }
        return details;
    }

    private static String firstLine(String message) {
        String first = message.split("\\R", 2)[0].trim();
        return first.endsWith(":") ? first : first + ":";
    }

    private static String oneLine(String message) {
        return String.join(" ", message.trim().split("\\s*\\R\\s*"));
    }
}
