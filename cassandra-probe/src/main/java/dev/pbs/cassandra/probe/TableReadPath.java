package dev.pbs.cassandra.probe;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import dev.pbs.model.readpath.ReadPath;
import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.ReplicaChoice;
import dev.pbs.model.readpath.SpeculativeRetry;
import java.util.Map;
import java.util.Optional;

/**
 * The read path of the probe's table as the cluster has it configured, from the driver's schema
 * metadata: the table options {@code speculative_retry} and {@code read_repair} (Cassandra 4 and
 * later), and the replica choice of the dynamic snitch's settings ({@link SnitchSettings}; random
 * replicas when the cluster does not say). Where a coordinator that is a replica reads is also
 * measured (the profile's {@code local_read_preference}).
 */
final class TableReadPath {

    private static final CqlIdentifier SPECULATIVE_RETRY = CqlIdentifier.fromInternal("speculative_retry");
    private static final CqlIdentifier READ_REPAIR = CqlIdentifier.fromInternal("read_repair");

    private TableReadPath() {}

    /**
     * The table's read path, or empty when the metadata lacks the table or either option, or holds
     * a value pbs does not model (the profile then says nothing, and predictions read as the
     * question asks).
     */
    static Optional<ReadPath> of(CqlSession session, String keyspace, String table) {
        return session.getMetadata()
                .getKeyspace(CqlIdentifier.fromInternal(keyspace))
                .flatMap(metadata -> metadata.getTable(CqlIdentifier.fromInternal(table)))
                .flatMap(metadata ->
                        of(metadata.getOptions(), SnitchSettings.read(session).orElse(ReplicaChoice.random())));
    }

    /**
     * The read path of a table's options, as the driver gives them, with the cluster's replica
     * choice; empty when an option is missing or unknown.
     */
    static Optional<ReadPath> of(Map<CqlIdentifier, Object> options, ReplicaChoice replicaChoice) {
        Object retry = options.get(SPECULATIVE_RETRY);
        Object repair = options.get(READ_REPAIR);
        if (retry == null || repair == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(new ReadPath(
                    SpeculativeRetry.parse(retry.toString()), ReadRepair.parse(repair.toString()), replicaChoice));
        } catch (IllegalArgumentException unknown) {
            return Optional.empty();
        }
    }
}
