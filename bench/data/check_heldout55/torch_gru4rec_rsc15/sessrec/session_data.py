import pandas as pd
import numpy as np
import torch


class SessionClicks(object):
    def __init__(self, path, sep=',', session_key='SessionID', item_key='ItemID', time_key='Time', n_sample=-1, itemmap=None, itemstamp=None, time_sort=False):
        # click log
        self.clicks = pd.read_csv(path, sep=sep, dtype={session_key: int, item_key: int, time_key: float})
        self.sess_col = session_key
        self.item_col = item_key
        self.time_col = time_key
        self.by_start_time = time_sort
        if n_sample > 0:
            self.clicks = self.clicks[:n_sample]

        # dense item positions
        self.attach_item_index(itemmap=itemmap)
        """
        Order clicks by session id and, inside a session, by time, so the clicks
        of one session are contiguous and time-ordered.
        """
        self.clicks.sort_values([session_key, time_key], inplace=True)
        self.starts = self.session_offsets()
        self.sess_order = self.session_order()

    def attach_item_index(self, itemmap=None):
        """
        Merge a dense item position column "item_idx" into the clicks
        Args:
            itemmap (pd.DataFrame): raw item id -> position table; built here when None
        """
        if itemmap is None:
            raw_ids = self.clicks[self.item_col].unique()  # ndarray
            id_to_pos = pd.Series(data=np.arange(len(raw_ids)),
                                 index=raw_ids)
            # two columns: raw item id and its position
            itemmap = pd.DataFrame({self.item_col: raw_ids,
                                   'item_idx': id_to_pos[raw_ids].values})
        self.item_table = itemmap
        self.clicks = pd.merge(self.clicks, self.item_table, on=self.item_col, how='inner')

    def session_offsets(self):
        """
        Start offset of every session in the sorted clicks:
        count the distinct sessions,
        count clicks per session,
        and take the running sum of those counts
        """
        bounds = np.zeros(self.clicks[self.sess_col].nunique() + 1, dtype=np.int32)
        bounds[1:] = self.clicks.groupby(self.sess_col).size().cumsum()
        return bounds

    def session_order(self):
        if self.by_start_time:
            first_ts = self.clicks.groupby(self.sess_col)[self.time_col].min().values
            sess_order = np.argsort(first_ts)
        else:
            sess_order = np.arange(self.clicks[self.sess_col].nunique())
        return sess_order

    @property
    def items(self):
        return self.item_table[self.item_col].unique()


class ParallelSessionBatches():
    def __init__(self, dataset, batch_size=50):
        """
        Yields session-parallel mini-batches.

        Args:
             dataset (SessionClicks): clicks to batch
             batch_size (int): parallel sessions per batch
        """
        self.dataset = dataset
        self.batch_size = batch_size

    def __iter__(self):
        """ Walk the sessions in parallel, one click step at a time.

        Yields:
            inp (B,): LongTensor of current item positions (one-hot encoded later).
            tgt (B,): LongTensor of the next item positions
            ended: positions of sessions that just finished
        """
        # state
        clicks = self.dataset.clicks
        starts = self.dataset.starts
        sess_order = self.dataset.sess_order

        slots = np.arange(self.batch_size)
        last_sess = slots.max()
        begin = starts[sess_order[slots]]
        stop = starts[sess_order[slots] + 1]
        ended = []  # slots whose session ended
        done = False

        while not done:
            shortest = (stop - begin).min()
            # first clicks of the current sessions
            next_items = clicks.item_idx.values[begin]

            for step in range(shortest - 1):
                # input = this click, target = the next one
                cur_items = next_items
                next_items = clicks.item_idx.values[begin + step + 1]
                inp = torch.LongTensor(cur_items)
                tgt = torch.LongTensor(next_items)
                yield inp, tgt, ended

            # advance every slot by the steps taken
            begin = begin + (shortest - 1)
            # slots that reached their session's last click
            ended = np.arange(len(slots))[(stop - begin) <= 1]
            for row in ended:
                last_sess += 1
                if last_sess >= len(starts) - 1:
                    done = True
                    break
                # load the next session into the slot
                slots[row] = last_sess
                begin[row] = starts[sess_order[last_sess]]
                stop[row] = starts[sess_order[last_sess] + 1]
