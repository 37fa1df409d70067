/**
 * The entries of each room in time order (ties in the order they were added), so a search can look
 * at the entries just before and after a match.
 */
export interface RoomOrder {
  add(room: string, id: string, at: number): void;
  remove(room: string, id: string): void;
  /** The ids up to `reach` places before and after `id` in its room, nearest first, with their distance. */
  around(room: string, id: string, reach: number): Array<{ id: string; distance: number }>;
}

interface Room {
  list: Array<{ id: string; at: number }>;
  /** Each id's place in `list`, made again on the first look after a change. */
  positions: Map<string, number> | undefined;
}

export function createRoomOrder(): RoomOrder {
  const rooms = new Map<string, Room>();
  const positionsOf = (room: Room): Map<string, number> => (room.positions ??= new Map(room.list.map((entry, index) => [entry.id, index])));
  return {
    add(name, id, at) {
      let room = rooms.get(name);
      if (!room) rooms.set(name, (room = { list: [], positions: undefined }));
      // Entries mostly arrive in time order, so the place is found from the end.
      let index = room.list.length;
      while (index > 0 && room.list[index - 1]!.at > at) index--;
      room.list.splice(index, 0, { id, at });
      room.positions = undefined;
    },
    remove(name, id) {
      const room = rooms.get(name);
      const index = room ? positionsOf(room).get(id) : undefined;
      if (!room || index === undefined) return;
      room.list.splice(index, 1);
      room.positions = undefined;
      if (room.list.length === 0) rooms.delete(name);
    },
    around(name, id, reach) {
      const room = rooms.get(name);
      const index = room ? positionsOf(room).get(id) : undefined;
      if (!room || index === undefined) return [];
      const found: Array<{ id: string; distance: number }> = [];
      for (let distance = 1; distance <= reach; distance++) {
        const before = room.list[index - distance];
        const after = room.list[index + distance];
        if (before) found.push({ id: before.id, distance });
        if (after) found.push({ id: after.id, distance });
      }
      return found;
    },
  };
}
