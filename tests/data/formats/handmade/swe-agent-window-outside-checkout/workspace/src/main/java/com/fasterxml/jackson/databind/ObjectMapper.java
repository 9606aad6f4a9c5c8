package com.fasterxml.jackson.databind;

import com.fasterxml.jackson.databind.node.ObjectNode;

public class ObjectMapper {
    protected SerializationConfig _serializationConfig;

    public <T extends JsonNode> T valueToTree(Object fromValue) {
        // WRAP_ROOT_VALUE is not applied here
        return _convert(fromValue, JsonNode.class); // valueToTree
    }
}
