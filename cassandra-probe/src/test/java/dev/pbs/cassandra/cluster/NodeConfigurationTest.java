package dev.pbs.cassandra.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class NodeConfigurationTest {

    @Test
    void initialToken_threeNodes_dividesTheRingEqually() {
        assertThat(NodeConfiguration.initialToken(1, 3)).isEqualTo("-9223372036854775808");
        BigInteger first = new BigInteger(NodeConfiguration.initialToken(1, 3));
        BigInteger second = new BigInteger(NodeConfiguration.initialToken(2, 3));
        BigInteger third = new BigInteger(NodeConfiguration.initialToken(3, 3));
        BigInteger step = BigInteger.ONE.shiftLeft(64).divide(BigInteger.valueOf(3));
        assertThat(second.subtract(first)).isEqualTo(step);
        assertThat(third.subtract(second)).isIn(step, step.add(BigInteger.ONE));
        assertThat(third).isLessThan(BigInteger.ONE.shiftLeft(63));
    }

    @Test
    void yaml_node2_listensOnItsOwnLoopbackAddress() {
        String yaml = NodeConfiguration.yaml("pbs-local", 1, 2, 3, "/data/node2");
        assertThat(yaml)
                .contains("listen_address: 127.0.0.2")
                .contains("rpc_address: 127.0.0.2")
                .contains("seeds: \"127.0.0.1:7000\"")
                .contains("native_transport_port: 9042")
                .contains("commitlog_directory: /data/node2/commitlog")
                .contains("initial_token: " + NodeConfiguration.initialToken(2, 3));
    }

    @Test
    void yaml_clusterFromAddress11_usesItsOwnAddressesAndSeed() {
        String yaml = NodeConfiguration.yaml("pbs-local", 11, 2, 4, "/data/node2");
        assertThat(yaml).contains("listen_address: 127.0.0.12").contains("seeds: \"127.0.0.11:7000\"");
        assertThat(NodeConfiguration.jmxPort(11, 2)).isNotEqualTo(NodeConfiguration.jmxPort(1, 2));
    }

    @Test
    void jmxPort_followsTheAddressesLastNumber() {
        assertThat(NodeConfiguration.jmxPort(51, 4)).isEqualTo(20_549);
        assertThat(NodeConfiguration.jmxPort("127.0.0.54")).isEqualTo(20_549);
        assertThat(NodeConfiguration.jmxPort(1, 1)).isEqualTo(20_019);
        assertThatThrownBy(() -> NodeConfiguration.jmxPort("localhost"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("localhost");
    }

    @Test
    void yaml_namedDatacenters_gossipingSnitchAndASeedPerDatacenter() {
        ClusterLayout layout = ClusterLayout.parse("dc1:3,dc2:3");
        String yaml = NodeConfiguration.yaml("pbs-local", 1, 5, layout, "/data/node5", java.util.List.of());
        assertThat(yaml)
                .contains("endpoint_snitch: GossipingPropertyFileSnitch")
                .contains("seeds: \"127.0.0.1:7000,127.0.0.4:7000\"")
                .contains("listen_address: 127.0.0.5")
                .contains("initial_token: " + NodeConfiguration.initialToken(5, 6));
        assertThat(NodeConfiguration.rackProperties(layout, 5))
                .contains("dc=dc2\n")
                .contains("rack=rack5\n");
        assertThat(NodeConfiguration.yaml("pbs-local", 1, 2, 3, "/data/node2"))
                .contains("endpoint_snitch: SimpleSnitch");
    }

    @Test
    void yaml_withoutDynamicSnitch_turnsItOffAndOnlyThen() {
        ClusterLayout layout = ClusterLayout.single(3);
        assertThat(NodeConfiguration.yaml("pbs-local", 41, 3, layout, "/data/node3", java.util.List.of(), false))
                .contains("endpoint_snitch: SimpleSnitch\ndynamic_snitch: false\n");
        assertThat(NodeConfiguration.yaml("pbs-local", 41, 3, layout, "/data/node3", java.util.List.of(), true))
                .doesNotContain("dynamic_snitch");
    }
}
