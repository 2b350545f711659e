package dev.pbs.model.quorum;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Levels across datacenters (model note section 7): sizes, strictness, and what is not possible. */
class DatacenterReplicasTest {

    private static final DatacenterReplicas THREE_PLUS_THREE =
            DatacenterReplicas.of(List.of("dc1", "dc2"), new int[] {0, 0, 0, 1, 1, 1});

    @ParameterizedTest(name = "{0} from {1}: {2} replicas")
    @CsvSource({
        "ONE, 0, 1",
        "TWO, 0, 2",
        "THREE, 1, 3",
        "QUORUM, 0, 4",
        "ALL, 1, 6",
        "LOCAL_ONE, 1, 1",
        "LOCAL_QUORUM, 0, 2",
        "EACH_QUORUM, 0, 4"
    })
    void replicasNeeded_threePlusThree(ConsistencyLevel level, int datacenter, int replicas) {
        assertThat(THREE_PLUS_THREE.replicasNeeded(level, datacenter)).isEqualTo(replicas);
    }

    @ParameterizedTest(name = "{0}/{1} from dc{2}/dc{3}: strict {4}")
    @CsvSource({
        "LOCAL_QUORUM, LOCAL_QUORUM, 0, 0, true",
        "LOCAL_QUORUM, LOCAL_QUORUM, 0, 1, false",
        "LOCAL_QUORUM, LOCAL_ONE, 0, 0, false",
        "QUORUM, QUORUM, 0, 1, true",
        "EACH_QUORUM, LOCAL_QUORUM, 0, 1, true",
        "EACH_QUORUM, LOCAL_ONE, 0, 1, false",
        "ALL, ONE, 1, 0, true",
        "ONE, ALL, 0, 1, true",
        "LOCAL_QUORUM, QUORUM, 0, 0, true",
        "LOCAL_QUORUM, QUORUM, 0, 1, false",
        "QUORUM, LOCAL_QUORUM, 0, 1, false",
        "QUORUM, EACH_QUORUM, 1, 0, true",
        "EACH_QUORUM, EACH_QUORUM, 0, 1, true",
        "LOCAL_ONE, ALL, 1, 0, true",
        "ONE, ONE, 0, 0, false"
    })
    void isStrict_threePlusThree(
            ConsistencyLevel write, ConsistencyLevel read, int writeDatacenter, int readDatacenter, boolean strict) {
        assertThat(THREE_PLUS_THREE.isStrict(new LevelConfiguration(write, read, writeDatacenter, readDatacenter)))
                .isEqualTo(strict);
    }

    /** Every level pair and datacenter pair of a few topologies against an enumeration of the sets. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"0,0,0,1,1,1", "0,0,0,1,1", "0,0,1,1,2", "0,1,1,1,1", "0,0,0,0,0,1", "0,0,2"})
    void isStrict_everyPair_agreesWithEnumeratingTheSets(String placement) {
        int[] datacenters = java.util.Arrays.stream(placement.split(","))
                .mapToInt(Integer::parseInt)
                .toArray();
        DatacenterReplicas replicas = DatacenterReplicas.of(List.of("a", "b", "c"), datacenters);
        int checked = 0;
        for (ConsistencyLevel write : ConsistencyLevel.values()) {
            for (ConsistencyLevel read : ConsistencyLevel.values()) {
                for (int writeDatacenter = 0; writeDatacenter < 3; writeDatacenter++) {
                    for (int readDatacenter = 0; readDatacenter < 3; readDatacenter++) {
                        LevelConfiguration configuration =
                                new LevelConfiguration(write, read, writeDatacenter, readDatacenter);
                        List<Integer> writeSets = writeSets(replicas, write, writeDatacenter);
                        List<Integer> readSets = readSets(replicas, read, readDatacenter);
                        if (writeSets == null || readSets == null) {
                            assertThatIllegalArgumentException().isThrownBy(() -> replicas.isStrict(configuration));
                            continue;
                        }
                        boolean everyPairMeets = true;
                        for (int writeSet : writeSets) {
                            for (int readSet : readSets) {
                                everyPairMeets &= (writeSet & readSet) != 0;
                            }
                        }
                        assertThat(replicas.isStrict(configuration))
                                .as("%s on %s", configuration, placement)
                                .isEqualTo(everyPairMeets);
                        checked++;
                    }
                }
            }
        }
        assertThat(checked).isGreaterThan(100);
    }

    @Test
    void of_badPlacements_areRejectedWithTheirReason() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> DatacenterReplicas.of(List.of("dc1", "dc1"), new int[] {0}))
                .withMessage("datacenter 'dc1' is named twice");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> DatacenterReplicas.of(List.of("dc1"), new int[] {0, 1}))
                .withMessage("replica_dc[1] must be one of the 1 datacenters, was 1");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> DatacenterReplicas.of(List.of("dc1"), new int[65]))
                .withMessage("at most 64 replicas per key across datacenters, was 65");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> THREE_PLUS_THREE.replicasNeeded(ConsistencyLevel.LOCAL_ONE, 2))
                .withMessage("datacenter number 2 is not one of the 2 datacenters");
    }

    /** Masks of every replica set whose acknowledgements can commit a write; null if impossible. */
    private static List<Integer> writeSets(DatacenterReplicas replicas, ConsistencyLevel level, int datacenter) {
        int n = replicas.replicaCount();
        List<Integer> sets = new ArrayList<>();
        for (int set = 1; set < 1 << n; set++) {
            int[] perDatacenter = count(replicas, set);
            int size = Integer.bitCount(set);
            boolean fits = switch (level.scope()) {
                case EVERY_DATACENTER -> size == level.replicas(n);
                case COORDINATOR_DATACENTER ->
                    size == perDatacenter[datacenter] && size == level.replicas(replicas.replicationFactor(datacenter));
                case EACH_DATACENTER -> eachQuorum(replicas, perDatacenter);
            };
            if (fits) {
                sets.add(set);
            }
        }
        return sets.isEmpty() ? null : sets;
    }

    /** Masks of every replica set a read can contact; null if impossible. */
    private static List<Integer> readSets(DatacenterReplicas replicas, ConsistencyLevel level, int datacenter) {
        int n = replicas.replicaCount();
        List<Integer> sets = new ArrayList<>();
        for (int set = 1; set < 1 << n; set++) {
            int[] perDatacenter = count(replicas, set);
            int size = Integer.bitCount(set);
            boolean fits = switch (level.scope()) {
                case EVERY_DATACENTER ->
                    size == level.replicas(n)
                            && perDatacenter[datacenter] == Math.min(size, replicas.replicationFactor(datacenter));
                case COORDINATOR_DATACENTER ->
                    size == perDatacenter[datacenter] && size == level.replicas(replicas.replicationFactor(datacenter));
                case EACH_DATACENTER -> eachQuorum(replicas, perDatacenter);
            };
            if (fits) {
                sets.add(set);
            }
        }
        return sets.isEmpty() ? null : sets;
    }

    private static boolean eachQuorum(DatacenterReplicas replicas, int[] perDatacenter) {
        for (int d = 0; d < replicas.datacenterCount(); d++) {
            int factor = replicas.replicationFactor(d);
            if (perDatacenter[d] != (factor == 0 ? 0 : factor / 2 + 1)) {
                return false;
            }
        }
        return true;
    }

    private static int[] count(DatacenterReplicas replicas, int set) {
        int[] perDatacenter = new int[replicas.datacenterCount()];
        for (int i = 0; i < replicas.replicaCount(); i++) {
            if ((set >> i & 1) != 0) {
                perDatacenter[replicas.datacenterOf(i)]++;
            }
        }
        return perDatacenter;
    }
}
