package dev.pbs.service.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.pbs.cassandra.cluster.LocalCluster;
import dev.pbs.cassandra.testing.LocalClusterExtension;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.service.core.ProfileStore;
import dev.pbs.service.history.ProbeHistory;
import dev.pbs.service.probes.CannedLivePrediction;
import dev.pbs.service.probes.CannedProfiles;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The state keyspace on the real test cluster, through two connections as two instances would have:
 * the schema's versions, uploads seen by the other at once, leases exclusive and expiring, histories
 * kept in order and bounded.
 */
@Tag("end-to-end")
@ExtendWith(LocalClusterExtension.class)
class StateStoreIT {

    private static final String KEYSPACE =
            "pbs_state_it_" + Long.toString(ThreadLocalRandom.current().nextLong() >>> 1, 36);
    private static StateConfiguration configuration;
    private static StateSession first;
    private static StateSession second;

    @BeforeAll
    static void connect(LocalCluster cluster) {
        configuration = new StateConfiguration();
        configuration.setType("cassandra");
        configuration.setContactPoints(List.of("127.0.0.1:9042"));
        configuration.setKeyspace(KEYSPACE);
        configuration.setLeaseSeconds(3);
        configuration.check();
        first = StateSession.open(configuration, new StateMetrics());
        second = StateSession.open(configuration, new StateMetrics());
        assertThat(StateSchema.migrate(first, configuration))
                .as("a new keyspace")
                .isZero();
        assertThat(StateSchema.migrate(second, configuration))
                .as("already current")
                .isEqualTo(StateSchema.CURRENT);
    }

    @AfterAll
    static void close() {
        if (first != null) {
            first.executeSchema("DROP KEYSPACE IF EXISTS " + KEYSPACE);
            first.close();
        }
        if (second != null) {
            second.close();
        }
    }

    @Test
    void aKeyspaceNewerThanThisBuild_isRefusedByName() {
        String setVersion = "UPDATE " + KEYSPACE + ".schema_version SET version = ? WHERE component = 'pbs'";
        first.execute("test", SimpleStatement.newInstance(setVersion, StateSchema.CURRENT + 1));
        try {
            assertThatThrownBy(() -> StateSchema.migrate(second, configuration))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("the state keyspace " + KEYSPACE + " has schema version " + (StateSchema.CURRENT + 1)
                            + ", newer than this pbs (" + StateSchema.CURRENT + "): upgrade pbs");
        } finally {
            first.execute("test", SimpleStatement.newInstance(setVersion, StateSchema.CURRENT));
        }
    }

    @Test
    void threeInstancesCreatingANewKeyspaceAtOnce_allStart_andAgreeOnItsTables() throws Exception {
        StateSession third = StateSession.open(configuration, new StateMetrics());
        try {
            List<StateSession> sessions = List.of(first, second, third);
            for (int round = 0; round < 2; round++) {
                StateConfiguration fresh = new StateConfiguration();
                fresh.setType("cassandra");
                fresh.setContactPoints(List.of("127.0.0.1:9042"));
                fresh.setKeyspace(KEYSPACE + "_together" + round);
                java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(3);
                try {
                    // As each instance starts: FleetState's migration, which tries a refused step again.
                    List<java.util.concurrent.Future<?>> starts = new java.util.ArrayList<>();
                    for (StateSession session : sessions) {
                        starts.add(pool.submit(() -> FleetState.migrate(session, fresh)));
                    }
                    for (java.util.concurrent.Future<?> start : starts) {
                        start.get(120, java.util.concurrent.TimeUnit.SECONDS);
                    }
                    assertThat(StateSchema.migrate(first, fresh)).isEqualTo(StateSchema.CURRENT);
                    FleetTables one = new FleetTables(first, fresh.getKeyspace());
                    FleetTables two = new FleetTables(third, fresh.getKeyspace());
                    assertThat(one.acquire("p", "one", 30)).isTrue();
                    assertThat(two.acquire("p", "two", 30)).isFalse();
                } finally {
                    pool.shutdownNow();
                    first.executeSchema("DROP KEYSPACE IF EXISTS " + fresh.getKeyspace());
                }
            }
        } finally {
            third.close();
        }
    }

    @Test
    void anUploadThroughOneInstance_isReadThroughTheOther_andSoIsItsDeletion() {
        ProfileStore one = new ProfileStore(
                new CassandraUploadedProfiles(first, KEYSPACE), new CassandraLiveProfiles(first, KEYSPACE, "one"));
        ProfileStore two = new ProfileStore(
                new CassandraUploadedProfiles(second, KEYSPACE), new CassandraLiveProfiles(second, KEYSPACE, "two"));
        LatencyProfile disk = BuiltInProfiles.named("lnkd-disk").orElseThrow();

        assertThat(one.put("shared", disk)).isEqualTo(ProfileStore.Result.CREATED);
        assertThat(two.find("shared")).hasValueSatisfying(found -> {
            assertThat(found.origin()).isEqualTo(ProfileStore.UPLOADED);
            assertThat(found.profile()).isEqualTo(disk.toBuilder("shared").build());
        });
        assertThat(two.put("shared", disk)).isEqualTo(ProfileStore.Result.REPLACED);
        assertThat(two.list()).extracting(ProfileStore.StoredProfile::name).contains("lnkd-disk", "shared");

        one.publishLive(disk.toBuilder("cassandra:live").build());
        assertThat(two.find("cassandra:live"))
                .hasValueSatisfying(found -> assertThat(found.origin()).isEqualTo(ProfileStore.LIVE));

        assertThat(two.delete("shared")).isTrue();
        assertThat(one.find("shared")).isEmpty();
        assertThat(one.delete("shared")).isFalse();
    }

    @Test
    void aLease_isHeldByOneOwner_renewedOnlyByIt_andFreeOnceItExpires() throws Exception {
        FleetTables one = new FleetTables(first, KEYSPACE);
        FleetTables two = new FleetTables(second, KEYSPACE);

        assertThat(one.acquire("p", "one", 3)).isTrue();
        assertThat(two.acquire("p", "two", 3)).as("held by one").isFalse();
        assertThat(two.renew("p", "two", 3)).as("not two's to renew").isFalse();
        two.release("p", "two");
        assertThat(one.renew("p", "one", 3)).isTrue();
        assertThat(two.leases()).singleElement().satisfies(lease -> {
            assertThat(lease.owner()).isEqualTo("one");
            assertThat(lease.expiresAt()).isAfter(Instant.now());
        });

        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        boolean taken = false;
        while (!taken && System.nanoTime() < deadline) {
            taken = two.acquire("p", "two", 3);
            if (!taken) {
                Thread.sleep(250);
            }
        }
        assertThat(taken).as("free once one stopped renewing").isTrue();
        assertThat(one.renew("p", "one", 3))
                .as("one's renewal after it lost the lease")
                .isFalse();

        two.release("p", "two");
        assertThat(one.acquire("p", "one", 3)).as("released at once").isTrue();
        one.release("p", "one");
    }

    @Test
    void probesAndHeartbeats_areSharedAndHeartbeatsExpire() throws Exception {
        FleetTables one = new FleetTables(first, KEYSPACE);
        FleetTables two = new FleetTables(second, KEYSPACE);
        one.putConfiguredProbe("from-yaml", "{}");
        assertThat(two.addProbe("from-api", "{}")).isTrue();
        assertThat(one.addProbe("from-api", "{}")).as("the name is taken").isFalse();
        assertThat(two.probes())
                .extracting(FleetTables.StoredProbe::name, FleetTables.StoredProbe::source)
                .contains(
                        org.assertj.core.groups.Tuple.tuple("from-yaml", "configuration"),
                        org.assertj.core.groups.Tuple.tuple("from-api", "api"));
        one.removeProbe("from-api");
        assertThat(two.probe("from-api")).isEmpty();

        one.heartbeat("beating", Instant.now(), 3);
        assertThat(two.instances()).extracting(FleetTables.Heartbeat::name).contains("beating");
        Thread.sleep(4_000);
        assertThat(two.instances()).extracting(FleetTables.Heartbeat::name).doesNotContain("beating");
    }

    @Test
    void history_isKeptInOrder_boundedAndReadBackByAnotherInstance() {
        CassandraHistory.Statements statements = CassandraHistory.Statements.prepare(first, KEYSPACE);
        ProbeHistory writer = ProbeHistory.open(
                new CassandraHistory(first, statements, "kept"), 3, Duration.ofSeconds(1), Duration.ZERO);
        Instant start = Instant.parse("2026-12-01T00:00:00Z");
        for (int index = 0; index < 5; index++) {
            writer.record(
                    CannedProfiles.measured("cassandra:kept", index),
                    CannedLivePrediction.lnkdDisk(),
                    start.plusSeconds(10L * index));
        }
        ProbeHistory reader = ProbeHistory.open(
                new CassandraHistory(second, CassandraHistory.Statements.prepare(second, KEYSPACE), "kept"),
                3,
                Duration.ofSeconds(1),
                Duration.ZERO);
        assertThat(reader.loadProblems()).isEmpty();
        assertThat(reader.view("kept").entries())
                .extracting(entry -> entry.publishedAtEpochSeconds())
                .containsExactly(
                        start.plusSeconds(20).getEpochSecond(),
                        start.plusSeconds(30).getEpochSecond(),
                        start.plusSeconds(40).getEpochSecond());
        assertThat(reader.view("kept")).isEqualTo(writer.view("kept"));
    }
}
