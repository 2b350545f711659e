package dev.pbs.questions;

import dev.pbs.model.quorum.EchoedText;

/**
 * The values of N a tuning question spans: {@code 3}, or {@code 3..5} for 3, 4 and 5.
 *
 * @param smallest the smallest N, >= 1
 * @param largest the largest N, >= smallest
 */
public record ReplicaRange(int smallest, int largest) {

    public ReplicaRange {
        if (smallest < 1 || largest < smallest) {
            throw new IllegalArgumentException(
                    "a range of N needs 1 <= smallest <= largest, was " + smallest + ".." + largest);
        }
    }

    /**
     * @param text {@code N} or {@code A..B}
     * @param largestN the largest N allowed
     * @throws InvalidQuestionException when the text is neither, or outside 1..largestN
     */
    static ReplicaRange parse(String text, int largestN, Rules rules) {
        String trimmed = text.trim();
        int separator = trimmed.indexOf("..");
        try {
            long smallest = Long.parseLong(
                    separator < 0 ? trimmed : trimmed.substring(0, separator).trim());
            long largest = separator < 0
                    ? smallest
                    : Long.parseLong(trimmed.substring(separator + 2).trim());
            return of(smallest, largest, largestN, rules);
        } catch (NumberFormatException notNumbers) {
            throw rules.invalid(Field.N, "must be a number or a range such as 3..5, was '" + EchoedText.of(text) + "'");
        }
    }

    /**
     * @param largestN the largest N allowed
     * @throws InvalidQuestionException unless 1 <= smallest <= largest <= largestN
     */
    static ReplicaRange of(long smallest, long largest, int largestN, Rules rules) {
        if (smallest < 1 || largest < smallest || largest > largestN) {
            throw rules.invalid(
                    Field.N,
                    "must be a range within 1.." + largestN + ", was " + smallest
                            + (smallest == largest ? "" : ".." + largest));
        }
        return new ReplicaRange((int) smallest, (int) largest);
    }

    /** How many values of N the range holds. */
    public int size() {
        return largest - smallest + 1;
    }

    @Override
    public String toString() {
        return smallest == largest ? Integer.toString(smallest) : smallest + ".." + largest;
    }
}
