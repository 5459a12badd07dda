//! A fixed-size transposition table with depth-preferred replacement.
//!
//! Each slot is two `AtomicU64`s: `key ^ data` and `data` (Hyatt and Mann's lock-less scheme).
//! A torn write between threads makes `stored_key ^ data != key`, so the entry is simply not
//! found; readers never see a corrupt entry for the key they asked about. The table can
//! therefore be shared between threads (`&TranspositionTable` is `Sync`) without locks.
//!
//! Moves are stored as their index in generation order (see [`crate::Game::moves`]), which
//! makes the table independent of the game's move type.
//!
//! Size: a table has exactly as many slots as the requested mebibytes hold (`mib · 2^20 / 16`,
//! no rounding to a power of two); a key's slot is `(key · len) >> 64` (Lemire's multiply-shift
//! range reduction). Allocation is fallible ([`TranspositionTable::try_with_mib`]): a request
//! the machine cannot satisfy is an error, never an abort. [`MAX_MIB`] is the largest size the
//! CLI and the UCI engine accept.
//!
//! Replacement: a slot is overwritten when the new entry is from a newer search generation,
//! is for the same position, or has at least the stored depth.
//!
//! # Sharing between threads (race semantics)
//!
//! The shared-memory searches of `arachne-parallel` (`smp`: YBWC, Jamboree, Lazy SMP, ABDADA)
//! share one table between all their threads. What a thread can observe:
//!
//! * **No torn entry is ever returned as valid.** A slot is written as two relaxed 64-bit
//!   stores (`key ^ data`, then `data`) and read as two relaxed loads. If two writers (or a
//!   writer and a reader) interleave, a reader may load the first word of one entry and the
//!   second of another: then `stored_key ^ data` is `key_A ^ data_A ^ data_B`, which equals
//!   the probed key only by a 2⁻⁶⁴ coincidence, so the probe misses. Each word is itself an
//!   atomic, so no word is ever half-written (`tests::concurrent_stores_never_tear`).
//! * **Stores may be lost.** The replacement decision reads the slot, then writes it, without a
//!   compare-and-swap: two threads storing into the same slot at once keep one of the two
//!   entries (whichever wrote last), possibly a shallower one than the rule would keep. A lost
//!   store only costs a re-search, never a wrong value.
//! * **Entries of the same position from different threads are interchangeable.** Every entry
//!   is a sound bound for its draft (the searchers store only what they proved), so whichever
//!   thread's entry a probe returns, a value taken from it is correct.
//! * **Ages.** [`TranspositionTable::new_search`] bumps a 6-bit generation; entries of older
//!   generations are replaced first, whatever their depth. All threads of one search share one
//!   generation.
//!
//! The table is sized in MiB ([`TranspositionTable::with_mib`], 16 bytes a slot).
use crate::Score;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};

/// What a stored score means.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// A lower bound (the search failed high).
    Lower,
    /// An upper bound (the search failed low).
    Upper,
}

/// A decoded table entry.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TtEntry {
    /// Score, node-relative (see [`Score::to_node_relative`]).
    pub score: Score,
    /// Remaining depth the score was searched to.
    pub depth: u8,
    /// What the score means.
    pub bound: Bound,
    /// Index of the best move in generation order, if any.
    pub move_index: Option<u16>,
}

/// Largest table size in MiB accepted from users (`search --hash`, UCI `Hash`): 64 GiB.
pub const MAX_MIB: usize = 1 << 16;

/// Bytes per slot.
pub const SLOT_BYTES: usize = 16;

/// A table that could not be allocated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TtError {
    /// Zero or more than [`MAX_MIB`] mebibytes.
    #[error("hash size {0} MiB is outside 1..={MAX_MIB}")]
    Size(usize),
    /// The allocator refused the memory.
    #[error("cannot allocate a {0} MiB hash table (not enough memory)")]
    OutOfMemory(usize),
}

/// The table. See the module docs.
pub struct TranspositionTable {
    slots: Slots,
    generation: AtomicU8,
    /// Set by the first [`TranspositionTable::prefault`]: every page is mapped.
    mapped: AtomicBool,
}

const NO_MOVE: u64 = 0xffff;

fn pack(e: &TtEntry, generation: u8) -> u64 {
    let bound = match e.bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    let mv = e.move_index.map_or(NO_MOVE, |m| m as u64);
    (e.score.0 as u32 as u64)
        | ((e.depth as u64) << 32)
        | (bound << 40)
        | (mv << 42)
        | (((generation & 0x3f) as u64) << 58)
}

fn unpack(d: u64) -> Option<(TtEntry, u8)> {
    let bound = match (d >> 40) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    let mv = (d >> 42) & 0xffff;
    Some((
        TtEntry {
            score: Score(d as u32 as i32),
            depth: (d >> 32) as u8,
            bound,
            move_index: if mv == NO_MOVE { None } else { Some(mv as u16) },
        },
        ((d >> 58) & 0x3f) as u8,
    ))
}

/// The slots' memory, zeroed: a large table (at least [`FRESH_PAGES_BYTES`]) is fresh pages
/// from the kernel, mapped lazily, so it costs only the pages a search touches; a small one
/// comes from the allocator's zeroed memory.
///
/// Not the allocator for a large table either: glibc's `calloc` maps fresh pages only above a
/// threshold that it raises to the size of each large block freed, so once a table was freed,
/// the next one of that size comes from the heap and is zeroed by hand. A program that makes
/// a table per search (the simulator's baseline and each of its processors) then spent most of
/// its time zeroing memory it never touched: on the random trees of the parallel exactness
/// tests, 80 % of the samples (`perf record`: `__memset_avx2_unaligned_erms` under
/// `TranspositionTable::with_mib`).
///
/// Nor a fresh mapping for every table: a search of a small tree still touches a page per
/// stored position (the slots are spread over the whole table), and each first touch is a
/// page fault, each page given back a TLB flush. On those tests, with a 16 MiB table made
/// and dropped per search, 65 % of the samples were in the kernel (`perf record -g`:
/// `exc_page_fault` under `tt_store_slow`, `unmap_page_range` under `munmap`). So a mapped
/// table records the pages its stores wrote (`written`, a bit per 4 KiB page), and when it is
/// dropped it zeroes those pages and is kept ([`idle`]) for the next table of its size: a
/// kept table reads as zeros like a fresh one, so what a search stores and finds is the
/// same, and its pages are mapped already.
struct Slots {
    ptr: std::ptr::NonNull<[AtomicU64; 2]>,
    len: usize,
    /// Mapped from the kernel (`munmap` frees it, or [`idle`] keeps it), else from the global
    /// allocator.
    mapped: bool,
    /// For a mapped table, a bit per page that a store wrote (empty for the allocator's).
    written: Box<[AtomicU64]>,
}

/// Size from which a table's memory is mapped from the kernel ([`Slots`]).
const FRESH_PAGES_BYTES: usize = 1 << 20;

/// Slots per 4 KiB page (a mapping is page-aligned, and a slot never straddles two pages).
const SLOTS_PER_PAGE: usize = 4096 / SLOT_BYTES;

// SAFETY: `Slots` owns its memory, which holds only atomics.
unsafe impl Send for Slots {}
// SAFETY: as above; shared access goes through `&[AtomicU64; 2]`.
unsafe impl Sync for Slots {}

impl Slots {
    /// `n` zeroed slots (at least 1); `None` when the memory is not available.
    fn zeroed(n: usize) -> Option<Slots> {
        use std::alloc::{alloc_zeroed, Layout};
        let len = n.max(1);
        let layout = Layout::array::<[AtomicU64; 2]>(len).ok()?;
        #[cfg(unix)]
        if layout.size() >= FRESH_PAGES_BYTES {
            if let Some(kept) = idle::take(len) {
                return Some(kept);
            }
            // SAFETY: an anonymous private mapping of `layout.size()` bytes, checked for
            // failure; the kernel's fresh pages read as zeros, a valid `AtomicU64`, and the
            // mapping is page-aligned, more than the slots' alignment.
            let p = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    layout.size(),
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                    -1,
                    0,
                )
            };
            if p == libc::MAP_FAILED {
                return None;
            }
            let ptr = std::ptr::NonNull::new(p as *mut [AtomicU64; 2])?;
            let pages = len.div_ceil(SLOTS_PER_PAGE);
            return Some(Slots {
                ptr,
                len,
                mapped: true,
                written: (0..pages.div_ceil(64)).map(|_| AtomicU64::new(0)).collect(),
            });
        }
        // SAFETY: `layout` has non-zero size (len ≥ 1); an all-zero bit pattern is a valid
        // `AtomicU64`; `Drop` frees the pointer with this same layout.
        let p = unsafe { alloc_zeroed(layout) } as *mut [AtomicU64; 2];
        Some(Slots {
            ptr: std::ptr::NonNull::new(p)?,
            len,
            mapped: false,
            written: Box::new([]),
        })
    }

    /// Records that slot `i` is about to be written (mapped tables only). A load first: the
    /// bit of a page is set once, and the word stays shared in every core's cache after.
    #[inline]
    fn mark(&self, i: usize) {
        if let Some(word) = self.written.get(i / SLOTS_PER_PAGE / 64) {
            let bit = 1u64 << ((i / SLOTS_PER_PAGE) % 64);
            if word.load(Ordering::Relaxed) & bit == 0 {
                word.fetch_or(bit, Ordering::Relaxed);
            }
        }
    }

    /// No slots: what a dropped table holds once its memory is kept ([`idle`]).
    fn none() -> Slots {
        Slots {
            ptr: std::ptr::NonNull::dangling(),
            len: 0,
            mapped: false,
            written: Box::new([]),
        }
    }

    /// Bytes of the slots.
    fn bytes(&self) -> usize {
        self.len * SLOT_BYTES
    }

    /// Zeroes the pages that stores wrote, and forgets them: the table reads as a fresh one.
    fn zero_written(&mut self) {
        let base = self.ptr.as_ptr() as *mut u8;
        let bytes = self.bytes();
        for (w, word) in self.written.iter_mut().enumerate() {
            let mut bits = std::mem::take(word.get_mut());
            while bits != 0 {
                let page = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let start = page * 4096;
                // SAFETY: `start` < `bytes` (a written page holds a slot), the range stays in
                // the slots, and `&mut self` means no other reference to them is alive.
                unsafe { std::ptr::write_bytes(base.add(start), 0, (bytes - start).min(4096)) };
            }
        }
    }
}

/// Mapped tables kept after their drop, zeroed, for the next table of the same size
/// ([`Slots`]). At most [`idle::KEEP_BYTES`] in all are kept; a table dropped beyond that, or
/// larger, is unmapped, so a program's resident memory grows by at most that much.
#[cfg(unix)]
mod idle {
    use super::Slots;
    use std::sync::Mutex;

    /// Most bytes of idle tables kept (four tables of the default 16 MiB).
    pub(super) const KEEP_BYTES: usize = 64 << 20;

    static IDLE: Mutex<Vec<Slots>> = Mutex::new(Vec::new());

    /// A kept table of `len` slots, if one is idle.
    pub(super) fn take(len: usize) -> Option<Slots> {
        let mut idle = IDLE.lock().unwrap_or_else(|e| e.into_inner());
        let i = idle.iter().position(|s| s.len == len)?;
        Some(idle.swap_remove(i))
    }

    /// Keeps `slots` (zeroing its written pages, outside the pool's lock) if there is room;
    /// else gives it back.
    pub(super) fn give(mut slots: Slots) -> Result<(), Slots> {
        if slots.bytes() > KEEP_BYTES {
            return Err(slots);
        }
        slots.zero_written();
        let mut idle = IDLE.lock().unwrap_or_else(|e| e.into_inner());
        let kept: usize = idle.iter().map(Slots::bytes).sum();
        if kept + slots.bytes() > KEEP_BYTES {
            return Err(slots);
        }
        idle.push(slots);
        Ok(())
    }
}

impl std::ops::Deref for Slots {
    type Target = [[AtomicU64; 2]];
    fn deref(&self) -> &Self::Target {
        // SAFETY: `ptr` points at `len` initialised (zeroed) slots owned by `self`.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Slots {
    fn drop(&mut self) {
        if self.len == 0 {
            return; // `Slots::none`
        }
        let layout = std::alloc::Layout::array::<[AtomicU64; 2]>(self.len)
            .expect("the layout it was made with");
        #[cfg(unix)]
        if self.mapped {
            // SAFETY: the mapping made in `Slots::zeroed`, of this size, unmapped once.
            unsafe { libc::munmap(self.ptr.as_ptr() as *mut libc::c_void, layout.size()) };
            return;
        }
        debug_assert!(!self.mapped);
        // SAFETY: allocated by `alloc_zeroed` with this layout in `Slots::zeroed`.
        unsafe { std::alloc::dealloc(self.ptr.as_ptr() as *mut u8, layout) };
    }
}

impl Drop for TranspositionTable {
    /// A mapped table's memory is kept for the next table of its size (see `Slots`).
    fn drop(&mut self) {
        #[cfg(unix)]
        if self.slots.mapped {
            let slots = std::mem::replace(&mut self.slots, Slots::none());
            if let Err(slots) = idle::give(slots) {
                drop(slots);
            }
        }
    }
}

impl TranspositionTable {
    /// A table of exactly `mib` mebibytes (`mib · 2^20 / 16` slots), `mib` in `1..=MAX_MIB`;
    /// an error, not an abort, when the memory is not available.
    pub fn try_with_mib(mib: usize) -> Result<Self, TtError> {
        if !(1..=MAX_MIB).contains(&mib) {
            return Err(TtError::Size(mib));
        }
        Self::try_with_slots((mib << 20) / SLOT_BYTES).ok_or(TtError::OutOfMemory(mib))
    }

    /// [`TranspositionTable::try_with_mib`] for sizes known to be sane (`mib` is clamped to
    /// `1..=MAX_MIB`). Panics if the memory is not available.
    pub fn with_mib(mib: usize) -> Self {
        let mib = mib.clamp(1, MAX_MIB);
        Self::try_with_mib(mib).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table of exactly `n` slots (at least 1). Panics if the memory is not available.
    pub fn with_slots(n: usize) -> Self {
        Self::try_with_slots(n).expect("cannot allocate the hash table")
    }

    /// A table of exactly `n` slots (at least 1); `None` when the memory is not available.
    pub fn try_with_slots(n: usize) -> Option<Self> {
        Some(TranspositionTable {
            slots: Slots::zeroed(n)?,
            generation: AtomicU8::new(0),
            mapped: AtomicBool::new(false),
        })
    }

    /// Number of slots.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Always false: a table has at least one slot.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Starts a new search generation: older entries become preferred victims.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// Maps every page of the table now, by storing a zero (an empty slot's key word) into the
    /// first slot of each 4 KiB page. Only the table's first call does it, and the pages stay
    /// mapped, so a table kept between searches (the UCI engine's) is walked once and never
    /// loses an entry to it (on a used table a zeroed key word would drop the slot's entry,
    /// never corrupt it).
    ///
    /// For a table that several threads will use. The allocator's zeroed pages are mapped
    /// lazily: a probe (a read) of an untouched page maps the kernel's shared zero page, and
    /// the first store to it then replaces that mapping, which in a process with several
    /// running threads flushes the TLB of every core they run on (an inter-processor interrupt,
    /// costly on a virtual machine). On 2 cores of a VM, tree-split on LCT II #1 at depth 7
    /// (`--procs 3 --backend threads`, 64 MiB shared table) spent 34 % of its samples in those
    /// flushes (`perf record -g`: `do_wp_page` → `flush_tlb_mm_range` →
    /// `smp_call_function_many_cond`). Written first, a page is mapped once, with no flush.
    /// The serial searches do not call it: in a single-threaded process the flush is local.
    pub fn prefault(&self) {
        if self.mapped.swap(true, Ordering::Relaxed) {
            return;
        }
        for s in self.slots.iter().step_by(SLOTS_PER_PAGE) {
            // A plain store: an idempotent read-modify-write may be compiled to a load, which
            // would map the zero page again.
            s[0].store(0, Ordering::Relaxed);
        }
        // The last page, which the stride may step over.
        if let Some(s) = self.slots.last() {
            s[0].store(0, Ordering::Relaxed);
        }
    }

    /// Empties the table.
    pub fn clear(&self) {
        for s in self.slots.iter() {
            s[0].store(0, Ordering::Relaxed);
            s[1].store(0, Ordering::Relaxed);
        }
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.slots.len() as u128) >> 64) as usize
    }

    /// Looks `key` up.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        let s = &self.slots[self.index(key)];
        let k = s[0].load(Ordering::Relaxed);
        let d = s[1].load(Ordering::Relaxed);
        if k ^ d != key || d == 0 {
            return None;
        }
        unpack(d).map(|(e, _)| e)
    }

    /// Stores an entry for `key` under the depth-preferred replacement rule.
    #[inline]
    pub fn store(&self, key: u64, entry: TtEntry) {
        let i = self.index(key);
        let s = &self.slots[i];
        let generation = self.generation.load(Ordering::Relaxed) & 0x3f;
        let old_d = s[1].load(Ordering::Relaxed);
        let old_k = s[0].load(Ordering::Relaxed) ^ old_d;
        if old_d != 0 {
            if let Some((old, old_gen)) = unpack(old_d) {
                let same = old_k == key;
                if !same && old_gen == generation && old.depth > entry.depth {
                    return;
                }
                // Keep the old move for the same position when the new entry has none.
                if same && entry.move_index.is_none() && old.move_index.is_some() {
                    let mut e = entry;
                    e.move_index = old.move_index;
                    let d = pack(&e, generation);
                    self.slots.mark(i);
                    s[0].store(key ^ d, Ordering::Relaxed);
                    s[1].store(d, Ordering::Relaxed);
                    return;
                }
            }
        }
        let d = pack(&entry, generation);
        self.slots.mark(i);
        s[0].store(key ^ d, Ordering::Relaxed);
        s[1].store(d, Ordering::Relaxed);
    }
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TranspositionTable({} slots)", self.slots.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_probe_roundtrip() {
        let tt = TranspositionTable::with_slots(64);
        let e = TtEntry {
            score: Score(-1234),
            depth: 7,
            bound: Bound::Lower,
            move_index: Some(3),
        };
        tt.store(0xdead_beef, e);
        assert_eq!(tt.probe(0xdead_beef), Some(e));
        assert_eq!(tt.probe(0xdead_beef + 64), None);
    }

    #[test]
    fn depth_preferred() {
        let tt = TranspositionTable::with_slots(1);
        let deep = TtEntry {
            score: Score(1),
            depth: 9,
            bound: Bound::Exact,
            move_index: None,
        };
        let shallow = TtEntry { depth: 2, ..deep };
        tt.store(1, deep);
        tt.store(2, shallow);
        assert_eq!(tt.probe(1), Some(deep));
        assert_eq!(tt.probe(2), None);
        tt.new_search();
        tt.store(2, shallow);
        assert_eq!(tt.probe(2), Some(shallow));
    }

    /// Many threads store and probe the same few slots at once; every entry for key `k` holds
    /// fields derived from `k`, so a torn entry (words of two different stores) returned as
    /// valid would show up as a mismatch.
    #[test]
    fn concurrent_stores_never_tear() {
        fn entry_for(key: u64, salt: u64) -> TtEntry {
            let h = key.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ salt;
            TtEntry {
                score: Score((key % 20_000) as i32 - 10_000),
                depth: (key % 200) as u8,
                bound: match h % 3 {
                    0 => Bound::Exact,
                    1 => Bound::Lower,
                    _ => Bound::Upper,
                },
                move_index: Some((key % 60_000) as u16),
            }
        }
        // 64 slots, 4096 keys colliding heavily (spread over the slots by their high bits, as
        // the multiply-shift index uses them).
        let tt = TranspositionTable::with_slots(64);
        let seen = AtomicU64::new(0);
        std::thread::scope(|s| {
            for t in 0..6u64 {
                let (tt, seen) = (&tt, &seen);
                s.spawn(move || {
                    let mut x = t.wrapping_mul(0x2545_f491_4f6c_dd1d) | 1;
                    for i in 0..200_000u64 {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        let key = ((x % 4096) | 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                        if i % 2 == 0 {
                            // The bound varies with the thread: same key, different entries.
                            tt.store(key, entry_for(key, t));
                            if i % 1000 == 0 {
                                tt.new_search();
                            }
                        } else if let Some(e) = tt.probe(key) {
                            let want = entry_for(key, 0);
                            assert_eq!(e.score, want.score, "torn entry for key {key}");
                            assert_eq!(e.depth, want.depth, "torn entry for key {key}");
                            assert_eq!(e.move_index, want.move_index, "torn entry for key {key}");
                            seen.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                });
            }
        });
        // The test saw real hits (it would pass vacuously otherwise).
        assert!(seen.load(Ordering::Relaxed) > 1000);
    }

    #[test]
    fn shared_between_threads() {
        fn is_sync<T: Sync + Send>() {}
        is_sync::<TranspositionTable>();
    }

    #[test]
    fn with_mib_sizes() {
        assert_eq!(TranspositionTable::with_mib(1).len(), 65536);
        // Exactly the requested size: no rounding to a power of two.
        assert_eq!(TranspositionTable::with_mib(3).len(), 3 * 65536);
        assert_eq!(TranspositionTable::with_slots(1000).len(), 1000);
    }

    #[test]
    fn a_table_made_again_is_empty() {
        // A large table (mapped from the kernel, and kept when dropped) and a small one (from
        // the allocator), each filled through `store`, freed and made again in the same size:
        // every slot reads empty again. The large size ends in a part of a page.
        let e = TtEntry {
            score: Score(-5),
            depth: 3,
            bound: Bound::Lower,
            move_index: Some(2),
        };
        for n in [2 * FRESH_PAGES_BYTES / SLOT_BYTES + 77, 100] {
            for _ in 0..3 {
                let tt = TranspositionTable::with_slots(n);
                assert_eq!(tt.len(), n);
                assert!(tt.slots.iter().all(
                    |s| s[0].load(Ordering::Relaxed) == 0 && s[1].load(Ordering::Relaxed) == 0
                ));
                for i in 0..n as u64 {
                    tt.store(i * (u64::MAX / n as u64) + u64::MAX / (2 * n as u64), e);
                }
                assert!(tt.slots.iter().all(|s| s[1].load(Ordering::Relaxed) != 0));
            }
        }
    }

    #[test]
    fn a_kept_table_is_zeroed_where_it_was_written() {
        // A few stores in a mapped table: only their pages are marked, and after the drop the
        // next table of that size (the kept one, unless another test took it) reads empty.
        let n = 3 * FRESH_PAGES_BYTES / SLOT_BYTES;
        let e = TtEntry {
            score: Score(9),
            depth: 1,
            bound: Bound::Exact,
            move_index: None,
        };
        let keys = [1u64, u64::MAX / 3, u64::MAX / 2 + 12_345, u64::MAX - 1];
        {
            let tt = TranspositionTable::with_slots(n);
            for &k in &keys {
                tt.store(k, e);
            }
            let marked: u32 = tt
                .slots
                .written
                .iter()
                .map(|w| w.load(Ordering::Relaxed).count_ones())
                .sum();
            assert_eq!(marked as usize, keys.len());
        }
        let tt = TranspositionTable::with_slots(n);
        for &k in &keys {
            assert_eq!(tt.probe(k), None);
        }
        assert!(tt.slots.iter().all(|s| s[1].load(Ordering::Relaxed) == 0));
    }

    #[test]
    fn sizes_outside_the_limits_are_errors() {
        assert_eq!(
            TranspositionTable::try_with_mib(0).unwrap_err(),
            TtError::Size(0)
        );
        assert_eq!(
            TranspositionTable::try_with_mib(MAX_MIB + 1).unwrap_err(),
            TtError::Size(MAX_MIB + 1)
        );
    }

    #[test]
    fn every_slot_is_reachable() {
        // Keys spread over the whole u64 range reach every slot of an odd-sized table.
        let tt = TranspositionTable::with_slots(7);
        let e = TtEntry {
            score: Score(1),
            depth: 1,
            bound: Bound::Exact,
            move_index: None,
        };
        for i in 0..7u64 {
            let key = i * (u64::MAX / 7) + u64::MAX / 14;
            tt.store(key, e);
            assert_eq!(tt.probe(key), Some(e));
        }
        let used = tt
            .slots
            .iter()
            .filter(|s| s[1].load(Ordering::Relaxed) != 0);
        assert_eq!(used.count(), 7);
    }
}
