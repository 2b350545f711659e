package dev.pbs.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.slf4j.LoggerFactory;

/**
 * Command-line runs log warnings only: without this, logback's default configuration would print
 * the Cassandra driver's debug chatter into a command's output. {@code pbs serve} configures
 * logging afresh from its YAML, so it is unaffected.
 */
final class QuietLogging {

    private QuietLogging() {}

    static void apply() {
        if (LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME) instanceof Logger root) {
            root.setLevel(Level.WARN);
        }
        // The Cassandra driver warns about every node it cannot reach; the probe reports that itself.
        if (LoggerFactory.getLogger("com.datastax") instanceof Logger driver) {
            driver.setLevel(Level.ERROR);
        }
    }
}
