package dev.pbs.service.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The state settings: files by default, fleet mode's settings checked one by one with a line naming each. */
class StateConfigurationTest {

    private static StateConfiguration cassandra() {
        StateConfiguration state = new StateConfiguration();
        state.setType("cassandra");
        state.setContactPoints(List.of("127.0.0.1:9042", "db2.example:9142"));
        return state;
    }

    @Test
    void defaults_areFilesAndValid() {
        StateConfiguration state = new StateConfiguration();
        state.check();
        assertThat(state.isCassandra()).isFalse();
    }

    @Test
    void cassandra_withContactPoints_isValid_andRendersItsReplication() {
        StateConfiguration state = cassandra();
        state.setType(" Cassandra ");
        state.check();
        assertThat(state.isCassandra()).isTrue();
        assertThat(state.contactPointAddresses())
                .extracting(address -> address.getHostString() + ":" + address.getPort())
                .containsExactly("127.0.0.1:9042", "db2.example:9142");
        assertThat(state.replicationCql()).isEqualTo("{'class': 'SimpleStrategy', 'replication_factor': '3'}");
        Map<String, String> twoDatacenters = new LinkedHashMap<>();
        twoDatacenters.put("class", "NetworkTopologyStrategy");
        twoDatacenters.put("dc1", "3");
        twoDatacenters.put("dc2", "2");
        state.setReplication(twoDatacenters);
        state.check();
        assertThat(state.replicationCql()).isEqualTo("{'class': 'NetworkTopologyStrategy', 'dc1': '3', 'dc2': '2'}");
    }

    @Test
    void unknownType_isNamed() {
        StateConfiguration state = new StateConfiguration();
        state.setType("etcd");
        assertThatThrownBy(state::check).hasMessage("state.type must be files or cassandra, was 'etcd'");
    }

    @Test
    void contactPoints_missingOrMalformed_areNamed() {
        StateConfiguration state = cassandra();
        state.setContactPoints(List.of());
        assertThatThrownBy(state::check).hasMessage("state.contactPoints: fleet mode needs at least one HOST:PORT");
        state.setContactPoints(List.of("127.0.0.1"));
        assertThatThrownBy(state::check)
                .hasMessage("state.contactPoints: contact point must be HOST:PORT, was '127.0.0.1'");
        state.setContactPoints(List.of("host:port"));
        assertThatThrownBy(state::check)
                .hasMessage("state.contactPoints: contact point port must be a number, was 'host:port'");
        state.setContactPoints(List.of("host:70000"));
        assertThatThrownBy(state::check)
                .hasMessage("state.contactPoints: contact point port must be 1 to 65535, was 70000");
    }

    @Test
    void keyspace_mustBeAPlainCqlName() {
        StateConfiguration state = cassandra();
        state.setKeyspace("pbs; DROP KEYSPACE x");
        assertThatThrownBy(state::check).hasMessageStartingWith("state.keyspace must be lower-case letters");
        state.setKeyspace("Upper");
        assertThatThrownBy(state::check).hasMessageStartingWith("state.keyspace must be lower-case letters");
    }

    @Test
    void replication_withoutAClassOrWithCqlInIt_isRefused() {
        StateConfiguration state = cassandra();
        state.setReplication(Map.of("replication_factor", "3"));
        assertThatThrownBy(state::check).hasMessageStartingWith("state.replication must name its class");
        Map<String, String> injected = new LinkedHashMap<>();
        injected.put("class", "SimpleStrategy");
        injected.put("replication_factor", "3'}; DROP KEYSPACE x; --");
        state.setReplication(injected);
        assertThatThrownBy(state::check)
                .hasMessageStartingWith("state.replication: 'replication_factor: 3'}; DROP KEYSPACE x; --'");
    }

    @Test
    void leaseSeconds_outOfRange_isNamed() {
        StateConfiguration state = cassandra();
        state.setLeaseSeconds(2);
        assertThatThrownBy(state::check).hasMessage("state.leaseSeconds must be 3 to 600, was 2");
        state.setLeaseSeconds(601);
        assertThatThrownBy(state::check).hasMessage("state.leaseSeconds must be 3 to 600, was 601");
        state.setLeaseSeconds(3);
        state.check();
    }
}
