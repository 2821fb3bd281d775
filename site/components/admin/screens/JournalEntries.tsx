/**
 * Journal entries (/admin/journal-entries): the list (on the one admin table, searched, filtered,
 * sorted and paged on the server), one entry with its lines, source and reversal links, and the
 * balanced-lines editor for drafts. Which of the three shows is in the address (?entry=…, ?new=1,
 * ?edit=…), so Back and links work. Posted entries are never edited: a correction is a reversal,
 * dated the day it is made.
 */
import { useEffect, useRef } from 'react';
import { useSearch } from 'wouter';
import { EntryDetail } from './journal-entries/detail';
import { EditorScreen } from './journal-entries/editor';
import { EntryList } from './journal-entries/list';

export { sourceLabels } from './journal-entries/shared';

export default function JournalEntries() {
  const params = new URLSearchParams(useSearch());
  const entry = params.get('entry');
  const edit = params.get('edit');
  const isNew = params.has('new');
  const view = entry ? `entry:${entry}` : edit ? `edit:${edit}` : isNew ? 'new' : 'list';
  const first = useRef(true);
  // Switching between list, entry and editor is a page change: start at the top.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    document.getElementById('je-view-title')?.focus({ preventScroll: true });
  }, [view]);

  if (entry) return <EntryDetail id={entry} />;
  if (edit) return <EditorScreen id={edit} />;
  if (isNew) return <EditorScreen />;
  return <EntryList />;
}
