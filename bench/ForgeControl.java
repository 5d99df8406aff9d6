import java.io.FileReader;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * What anyone with the cluster's credentials but not the control key can write to kbench-control: a plan of their own
 * and a stop of a running run, in kbench's envelope with a MAC made with another key. Used by bench/forged-plan.sh.
 *   java -cp 'target/lib/*' bench/ForgeControl.java CLIENT_PROPERTIES RUN_ID_TO_STOP
 */
public class ForgeControl {
    public static void main(String[] args) throws Exception {
        Properties client = new Properties();
        try (FileReader r = new FileReader(args[0])) {
            client.load(r);
        }
        Map<String, Object> p = new HashMap<>();
        client.forEach((k, v) -> p.put((String) k, v));
        long now = System.currentTimeMillis();
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p, new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>("kbench-control", "forged-plan-1", envelope("forged-plan-1", now,
                    "{\"type\":\"plan\",\"runId\":\"forged-plan-1\",\"kbenchVersion\":\"0.1.0-SNAPSHOT\",\"workers\":1}")));
            producer.send(new ProducerRecord<>("kbench-control", args[1], envelope(args[1], now,
                    "{\"type\":\"stop\",\"runId\":\"" + args[1] + "\",\"reason\":\"forged\"}")));
            producer.flush();
        }
        System.out.println("forged a plan (run forged-plan-1) and a stop of run " + args[1] + " on kbench-control");
    }

    private static String envelope(String runId, long now, String body) {
        return "{\"v\":1,\"runId\":\"" + runId + "\",\"sender\":\"coordinator\",\"seq\":" + now * 1000 + ",\"sentMillis\":"
                + now + ",\"body\":\"" + body.replace("\"", "\\\"") + "\",\"mac\":\"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\"}";
    }
}
