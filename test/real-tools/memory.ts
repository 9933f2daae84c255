// The tools of @modelcontextprotocol/server-memory 2026.8.31, as its tools/list published them
// (memory.json beside this file), written as functions for schemaof by collect.mjs --write-ts.
export interface CreateEntitiesInput {
  entities: {
    /** The name of the entity */
    name: string;
    /** The type of the entity */
    entityType: string;
    /** An array of observation contents associated with the entity */
    observations: string[];
  }[];
}

/** Create multiple new entities in the knowledge graph */
export function createEntities(input: CreateEntitiesInput): never {
  throw new Error("not implemented");
}

export interface CreateRelationsInput {
  relations: {
    /** The name of the entity where the relation starts */
    from: string;
    /** The name of the entity where the relation ends */
    to: string;
    /** The type of the relation */
    relationType: string;
  }[];
}

/** Create multiple new relations between entities in the knowledge graph. Relations should be in active voice */
export function createRelations(input: CreateRelationsInput): never {
  throw new Error("not implemented");
}

export interface AddObservationsInput {
  observations: {
    /** The name of the entity to add the observations to */
    entityName: string;
    /** An array of observation contents to add */
    contents: string[];
  }[];
}

/** Add new observations to existing entities in the knowledge graph */
export function addObservations(input: AddObservationsInput): never {
  throw new Error("not implemented");
}

export interface DeleteEntitiesInput {
  /** An array of entity names to delete */
  entityNames: string[];
}

/** Delete multiple entities and their associated relations from the knowledge graph */
export function deleteEntities(input: DeleteEntitiesInput): never {
  throw new Error("not implemented");
}

export interface DeleteObservationsInput {
  deletions: {
    /** The name of the entity containing the observations */
    entityName: string;
    /** An array of observations to delete */
    observations: string[];
  }[];
}

/** Delete specific observations from entities in the knowledge graph */
export function deleteObservations(input: DeleteObservationsInput): never {
  throw new Error("not implemented");
}

export interface DeleteRelationsInput {
  /** An array of relations to delete */
  relations: {
    /** The name of the entity where the relation starts */
    from: string;
    /** The name of the entity where the relation ends */
    to: string;
    /** The type of the relation */
    relationType: string;
  }[];
}

/** Delete multiple relations from the knowledge graph */
export function deleteRelations(input: DeleteRelationsInput): never {
  throw new Error("not implemented");
}

/** Read the entire knowledge graph */
export function readGraph(): never {
  throw new Error("not implemented");
}

export interface SearchNodesInput {
  /** The search query to match against entity names, types, and observation content */
  query: string;
}

/** Search for nodes in the knowledge graph based on a query */
export function searchNodes(input: SearchNodesInput): never {
  throw new Error("not implemented");
}

export interface OpenNodesInput {
  /** An array of entity names to retrieve */
  names: string[];
}

/** Open specific nodes in the knowledge graph by their names */
export function openNodes(input: OpenNodesInput): never {
  throw new Error("not implemented");
}
