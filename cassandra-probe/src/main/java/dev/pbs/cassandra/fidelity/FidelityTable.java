package dev.pbs.cassandra.fidelity;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.SpeculativeRetry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How a cell's table reads, and how many replicas its observed reads wait for: Cassandra's table
 * options {@code speculative_retry} and {@code read_repair}, set on the experiment's table before
 * the warm-up, and R (ONE, or more in one datacenter). The probe reads the options back from the
 * schema into the measured profile, so the prediction reads as the table does.
 *
 * @param speculativeRetry the table's {@code speculative_retry}; empty: as the table has it
 *     (Cassandra creates it with {@code 99p})
 * @param readRepair the table's {@code read_repair}; empty: as the table has it ({@code BLOCKING})
 * @param readReplicas R, the replicas an observed read waits for, at least 1
 */
public record FidelityTable(
        Optional<SpeculativeRetry> speculativeRetry, Optional<ReadRepair> readRepair, int readReplicas) {

    /** The table as Cassandra creates it, read at ONE. */
    public static final FidelityTable AS_CREATED = new FidelityTable(Optional.empty(), Optional.empty(), 1);

    private static final Duration SCHEMA_CHANGE_TIMEOUT = Duration.ofSeconds(60);

    public FidelityTable {
        java.util.Objects.requireNonNull(speculativeRetry, "speculative retry");
        java.util.Objects.requireNonNull(readRepair, "read repair");
        if (readReplicas < 1) {
            throw new IllegalArgumentException("observed reads wait for at least one replica, was " + readReplicas);
        }
    }

    /** Whether the cell sets any of the table's read options. */
    public boolean setsOptions() {
        return speculativeRetry.isPresent() || readRepair.isPresent();
    }

    /** The {@code ALTER TABLE} that sets the options on {@code table}, or empty when none is set. */
    Optional<String> alterStatement(String table) {
        List<String> options = new ArrayList<>();
        speculativeRetry.ifPresent(retry -> options.add("speculative_retry = '" + retry.text() + "'"));
        readRepair.ifPresent(
                repair -> options.add("read_repair = '" + repair.text().toUpperCase(Locale.ROOT) + "'"));
        if (options.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("ALTER TABLE " + table + " WITH " + String.join(" AND ", options));
    }

    /** Sets the options on the table (the driver waits for the nodes to agree on the schema). */
    void apply(CqlSession session, String table) {
        alterStatement(table)
                .ifPresent(statement ->
                        session.execute(SimpleStatement.newInstance(statement).setTimeout(SCHEMA_CHANGE_TIMEOUT)));
    }

    /** For the progress and the report: {@code speculative_retry 'ALWAYS', read_repair as created, R = 1}. */
    public String describe() {
        return "speculative_retry "
                + speculativeRetry.map(retry -> "'" + retry.text() + "'").orElse("as created")
                + ", read_repair "
                + readRepair
                        .map(repair -> "'" + repair.text().toUpperCase(Locale.ROOT) + "'")
                        .orElse("as created")
                + ", reads waiting for " + readReplicas + (readReplicas == 1 ? " replica" : " replicas");
    }
}
