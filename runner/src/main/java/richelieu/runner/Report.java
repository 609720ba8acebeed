package richelieu.runner;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** What a study prints and what it stores as "statistics" in its result file. */
record Report(String text, ObjectNode statistics) {
}
