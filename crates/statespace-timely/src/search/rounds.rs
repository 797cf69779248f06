//! [`Rounds`]: a worker's two dataflow inputs (ranks to their owners, notes to everybody) and
//! the rounds that close them; [`receive`]: the ranks that arrived, marked.

use std::cell::RefCell;
use std::rc::Rc;

use statespace::Weight;
use timely::container::CapacityContainerBuilder;
use timely::dataflow::operators::vec::Broadcast;
use timely::dataflow::operators::{Exchange, Input, Inspect, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};
use timely::worker::Worker;

use crate::owners::Owners;
use crate::slice::Slice;

/// A worker's two inputs and what they deliver: ranks to their owners, notes to everybody.
pub(super) struct Rounds {
    pub(super) round: u64,
    pub(super) ranks: InputHandle<u64, CapacityContainerBuilder<Vec<u64>>>,
    pub(super) notes: InputHandle<u64, CapacityContainerBuilder<Vec<[u64; 5]>>>,
    pub(super) ranks_probe: ProbeHandle<u64>,
    pub(super) notes_probe: ProbeHandle<u64>,
    pub(super) inbox: Rc<RefCell<Vec<u64>>>,
    pub(super) gathered: Rc<RefCell<Vec<[u64; 5]>>>,
}

impl Rounds {
    /// The dataflow: ranks exchanged to their owners, notes broadcast.
    pub(super) fn new(worker: &mut Worker, owners: Owners) -> Self {
        let inbox: Rc<RefCell<Vec<u64>>> = Rc::default();
        let gathered: Rc<RefCell<Vec<[u64; 5]>>> = Rc::default();
        let mut ranks = InputHandle::<u64, CapacityContainerBuilder<Vec<u64>>>::new();
        let mut notes = InputHandle::<u64, CapacityContainerBuilder<Vec<[u64; 5]>>>::new();
        let (ranks_probe, notes_probe) = worker.dataflow::<u64, _, _>(|scope| {
            let inbox = Rc::clone(&inbox);
            let gathered = Rc::clone(&gathered);
            let (ranks_probe, _) = scope
                .input_from(&mut ranks)
                .exchange(move |rank: &u64| owners.owner(*rank) as u64)
                .inspect_core(move |event| {
                    if let Ok((_, data)) = event {
                        inbox.borrow_mut().extend_from_slice(data.as_slice());
                    }
                })
                .probe();
            let (notes_probe, _) = scope
                .input_from(&mut notes)
                .broadcast()
                .inspect_core(move |event| {
                    if let Ok((_, data)) = event {
                        gathered.borrow_mut().extend_from_slice(data.as_slice());
                    }
                })
                .probe();
            (ranks_probe, notes_probe)
        });
        Self {
            round: 0,
            ranks,
            notes,
            ranks_probe,
            notes_probe,
            inbox,
            gathered,
        }
    }

    /// Closes the round: both inputs advance, and the worker runs the dataflow until every
    /// worker's data of the round has arrived, handing received ranks to `receive`.
    pub(super) fn close(&mut self, worker: &mut Worker, mut receive: impl FnMut(&mut Vec<u64>)) {
        self.round += 1;
        self.ranks.advance_to(self.round);
        self.notes.advance_to(self.round);
        while self.ranks_probe.less_than(&self.round) || self.notes_probe.less_than(&self.round) {
            // Parks the thread until a message arrives, rather than spinning: with more
            // workers than cores, spinning workers starve the ones that have work.
            worker.step_or_park(None);
            receive(&mut self.inbox.borrow_mut());
        }
        receive(&mut self.inbox.borrow_mut());
    }

    /// One round in which every worker tells every other `note`; the notes in worker order.
    ///
    /// A faster worker may already send its note of the next round (or ranks of the next
    /// level) while this one is still closing the round: notes carry their round and wait
    /// for it, ranks stay in the inbox for the next expansion, which is theirs.
    pub(super) fn gather(&mut self, worker: &mut Worker, note: [u64; 3]) -> Vec<[u64; 3]> {
        let me = worker.index() as u64;
        let round = self.round + 1;
        self.notes.send([round, me, note[0], note[1], note[2]]);
        self.close(worker, |_| {});
        let mut gathered = self.gathered.borrow_mut();
        let mut all: Vec<[u64; 5]> = gathered.iter().filter(|n| n[0] == round).copied().collect();
        gathered.retain(|n| n[0] != round);
        all.sort_unstable_by_key(|note| note[1]);
        assert_eq!(all.len(), worker.peers(), "one note from every worker");
        all.into_iter()
            .map(|note| [note[2], note[3], note[4]])
            .collect()
    }
}

/// Marks the ranks in `inbox` (all this slice's) with `code`; the weight of those reached.
pub(super) fn receive(
    slice: &mut Slice,
    inbox: &mut Vec<u64>,
    owners: Owners,
    code: u64,
    weight: &impl Weight,
) -> u64 {
    let mut found = 0;
    for rank in inbox.drain(..) {
        // A rank's place in its word is the same in the slice (segments are whole words).
        let new = slice.reach(owners.local(rank), code);
        found += weight.of_fields(rank & !31, new);
    }
    found
}
