package dev.pbs.cassandra.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.model.profile.CoordinatorReplicaShare;
import org.junit.jupiter.api.Test;

class CoordinatorReplicaCountsTest {

    @Test
    void plus_addsEachCount() {
        CoordinatorReplicaCounts sum =
                new CoordinatorReplicaCounts(2, 3, 5, 9).plus(new CoordinatorReplicaCounts(1, 4, 0, 6));
        assertThat(sum).isEqualTo(new CoordinatorReplicaCounts(3, 7, 5, 15));
        assertThat(sum.plus(CoordinatorReplicaCounts.NONE)).isEqualTo(sum);
    }

    @Test
    void share_isEachSidesThroughReplicaOverCounted() {
        // RF 2 on 3 nodes, round robin: two operations in three through a replica.
        assertThat(new CoordinatorReplicaCounts(200, 300, 396, 600).share(false))
                .isEqualTo(CoordinatorReplicaShare.of(200.0 / 300, 396.0 / 600));
        assertThat(new CoordinatorReplicaCounts(200, 300, 396, 600).share(true))
                .isEqualTo(CoordinatorReplicaShare.of(200.0 / 300, 396.0 / 600));
        assertThat(CoordinatorReplicaCounts.all(true, 10, 40).share(false)).isEqualTo(CoordinatorReplicaShare.ALWAYS);
        assertThat(CoordinatorReplicaCounts.all(false, 10, 40).share(true)).isEqualTo(CoordinatorReplicaShare.NEVER);
    }

    @Test
    void share_sideWithNothingCounted_isTheRoutingRules() {
        assertThat(CoordinatorReplicaCounts.NONE.share(true)).isEqualTo(CoordinatorReplicaShare.ALWAYS);
        assertThat(CoordinatorReplicaCounts.NONE.share(false)).isEqualTo(CoordinatorReplicaShare.NEVER);
        // writes counted, no read (every write failed, say): the reads' share from the rule
        assertThat(new CoordinatorReplicaCounts(1, 4, 0, 0).share(true)).isEqualTo(CoordinatorReplicaShare.of(0.25, 1));
        assertThat(new CoordinatorReplicaCounts(0, 0, 3, 4).share(false))
                .isEqualTo(CoordinatorReplicaShare.of(0, 0.75));
    }

    @Test
    void counts_moreThroughReplicaThanCounted_areRefused() {
        assertThatThrownBy(() -> new CoordinatorReplicaCounts(4, 3, 0, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("writes through a replica");
        assertThatThrownBy(() -> new CoordinatorReplicaCounts(0, 0, -1, 2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("reads through a replica");
    }
}
