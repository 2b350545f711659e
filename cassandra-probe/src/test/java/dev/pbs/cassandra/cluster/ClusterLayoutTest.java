package dev.pbs.cassandra.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ClusterLayoutTest {

    @Test
    void parse_twoDatacenters_numbersNodesDatacenterByDatacenter() {
        ClusterLayout layout = ClusterLayout.parse("dc1:3, dc2:2");
        assertThat(layout.named()).isTrue();
        assertThat(layout.size()).isEqualTo(5);
        assertThat(layout.datacenterOf(1)).isEqualTo("dc1");
        assertThat(layout.datacenterOf(3)).isEqualTo("dc1");
        assertThat(layout.datacenterOf(4)).isEqualTo("dc2");
        assertThat(layout.datacenterOf(5)).isEqualTo("dc2");
        assertThat(layout.rackOf(4)).isEqualTo("rack4");
        assertThat(layout.seeds()).containsExactly(1, 4);
        assertThat(layout.startOrder()).containsExactly(1, 4, 2, 3, 5);
        assertThat(layout.recorded()).isEqualTo("dc1:3,dc2:2");
        assertThat(ClusterLayout.fromRecorded(layout.recorded())).isEqualTo(layout);
        assertThat(layout.describe()).isEqualTo("datacenters dc1 (3 nodes), dc2 (2 nodes)");
        assertThatThrownBy(() -> layout.datacenterOf(6)).hasMessageContaining("no node 6");
    }

    @Test
    void single_isOneDefaultDatacenter() {
        ClusterLayout layout = ClusterLayout.single(3);
        assertThat(layout.named()).isFalse();
        assertThat(layout.datacenterOf(2)).isEqualTo("datacenter1");
        assertThat(layout.rackOf(2)).isEqualTo("rack1");
        assertThat(layout.seeds()).containsExactly(1);
        assertThat(layout.startOrder()).containsExactly(1, 2, 3);
        assertThat(layout.recorded()).isEqualTo("3");
        assertThat(ClusterLayout.fromRecorded("3")).isEqualTo(layout);
        assertThat(layout.describe()).isEqualTo("datacenter datacenter1");
    }

    @Test
    void parse_badInput_namesTheProblem() {
        assertThatThrownBy(() -> ClusterLayout.parse("dc1=3")).hasMessageContaining("expected NAME:NODES");
        assertThatThrownBy(() -> ClusterLayout.parse("dc1:three")).hasMessageContaining("is not a whole number");
        assertThatThrownBy(() -> ClusterLayout.parse("dc1:0")).hasMessageContaining("at least one node");
        assertThatThrownBy(() -> ClusterLayout.parse("dc1:3,dc1:2")).hasMessageContaining("given twice");
        assertThatThrownBy(() -> ClusterLayout.parse("dc1:5,dc2:5")).hasMessageContaining("at most 9 nodes");
        assertThatThrownBy(() -> ClusterLayout.parse("1dc:3")).hasMessageContaining("datacenter name '1dc'");
        assertThatThrownBy(() -> ClusterLayout.parse("dc1:3,")).hasMessageContaining("expected NAME:NODES");
    }
}
