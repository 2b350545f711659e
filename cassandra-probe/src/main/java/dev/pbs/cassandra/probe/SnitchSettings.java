package dev.pbs.cassandra.probe;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.pbs.model.readpath.ReplicaChoice;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * How the cluster chooses the replicas a read asks: its dynamic snitch's configuration, read from
 * the virtual table {@code system_views.settings} (Cassandra 4 and later) of the node that answers,
 * settings {@code dynamic_snitch} (on by default) and {@code dynamic_snitch_badness_threshold}
 * (1.0 by default).
 */
final class SnitchSettings {

    static final String ENABLED = "dynamic_snitch";
    static final String BADNESS_THRESHOLD = "dynamic_snitch_badness_threshold";

    private SnitchSettings() {}

    /**
     * The replica choice the node that answers is configured with; empty when it cannot tell (no
     * virtual tables before Cassandra 4, a role without access to them, or a value pbs does not
     * read).
     */
    static Optional<ReplicaChoice> read(CqlSession session) {
        Map<String, String> values = new HashMap<>();
        try {
            for (String name : new String[] {ENABLED, BADNESS_THRESHOLD}) {
                Row row = session.execute(SimpleStatement.newInstance(
                                "SELECT value FROM system_views.settings WHERE name = ?", name))
                        .one();
                if (row != null && row.getString("value") != null) {
                    values.put(name, row.getString("value"));
                }
            }
        } catch (DriverException unavailable) {
            return Optional.empty();
        }
        return of(values);
    }

    /**
     * The replica choice these settings give: the dynamic snitch with its badness threshold when it
     * is on, random replicas when it is off; empty when {@code dynamic_snitch} is missing or not a
     * boolean, or the threshold is missing or not a number at least 0 while the snitch is on.
     */
    static Optional<ReplicaChoice> of(Map<String, String> settings) {
        String enabled = settings.get(ENABLED);
        if (enabled == null) {
            return Optional.empty();
        }
        switch (enabled.trim().toLowerCase(Locale.ROOT)) {
            case "false":
                return Optional.of(ReplicaChoice.random());
            case "true":
                break;
            default:
                return Optional.empty();
        }
        String threshold = settings.get(BADNESS_THRESHOLD);
        if (threshold == null) {
            return Optional.empty();
        }
        try {
            double value = Double.parseDouble(threshold.trim());
            return value >= 0 && Double.isFinite(value) ? Optional.of(ReplicaChoice.snitch(value)) : Optional.empty();
        } catch (NumberFormatException notANumber) {
            return Optional.empty();
        }
    }
}
