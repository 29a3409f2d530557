import numpy as np
import math
import os
import pandas as pd
from torch.utils.data import Dataset, DataLoader


class ClickTable(Dataset):

    def __init__(self, path=None):
        """
        With a path: read the click log and encode it as a torch Dataset.
        Without one: act as a helper that can cut smaller logs.
        :param path: csv file
        """
        if path is not None:
            self.path = path
            self.frame = self.read_in_chunks()
            self.clicks = np.asarray(self.frame.iloc[:, 1])
            self.codes = self.encode_all_fields()
            print('click table ready from {0}.'.format(self.path))
        else:
            self.path = './Data/train.csv'
            print('helper mode.')

    def __len__(self):
        """
        number of rows
        """
        return np.size(self.codes, 0)

    def __getitem__(self, index):
        """
        one row for the loader
        :param index: row number
        :return: per-field category codes of the row and its click label
        """
        return self.codes[index], self.clicks[index]

    def open_csv(self, iterator=False):
        """
        open the csv
        :param iterator: return a chunk reader instead of a frame
        :return: a pandas frame or reader
        """
        try:
            reader = pd.read_csv(self.path, sep=',', engine='python', iterator=iterator)
            if reader is None:
                print("empty file")
            return reader
        except FileNotFoundError:
            print("missing file")

    def cut_smaller_data_for_exam(self, new_path, size=2000, skip_size=40000):
        """
        Write a small log for debugging, taking chunks spread over the big one
        :param new_path: where the small csv goes
        :param size: rows in the small log
        :param skip_size: rows skipped between two kept chunks
        :return: none
        """
        print("cutting a small log")
        print("opening")
        reader = self.open_csv(iterator=True)

        print("reading chunks")
        chunk_size = 100
        rounds = math.floor(size/chunk_size)
        kept = []
        for r in range(rounds * 2):
            try:
                print("chunk", r)
                if r % 2 == 0:  # skip between chunks so hours differ
                    piece = reader.get_chunk(chunk_size)
                    kept.append(piece)
                else:
                    piece = reader.get_chunk(skip_size)
                    del piece
            except StopIteration:
                print("reader exhausted.")

        print('joining')
        small = pd.concat(kept, ignore_index=True)

        if os.path.exists(new_path):
            os.remove(new_path)
        small.to_csv(new_path, index=False)
        print("small log written")

    def read_in_chunks(self, chunk_size=50000):
        """
        Read the csv chunk by chunk
        :param chunk_size: rows per chunk
        :return: the whole log as one frame (rows, fields + 2)
        """
        print("reading the log")
        reader = self.open_csv(iterator=True)

        print("chunking")
        more = True
        kept = []
        n = 0
        while more:
            try:
                print("chunk", n)
                piece = reader.get_chunk(chunk_size)
                kept.append(piece)
                n += 1

            except StopIteration:
                more = False
                print("reader exhausted.")

        print('joining')
        whole = pd.concat(kept, ignore_index=True)

        print("log read")
        return whole

    def distinct_values(self, column):
        """
        distinct values of one field
        :param column: one field of the frame
        :return: array of its distinct values
        """
        return np.array(np.unique(column))

    def encode_field(self, column, vocab):
        """
        Code of every row's value within the field's vocabulary
        (the position of the single 1 in its one-hot vector).
        :param column: one field of the frame
        :param vocab: the field's distinct values
        :return: codes, shape (rows, 1)
        """
        codes = np.zeros((len(column), 1), dtype=int)
        for r in range(len(column)):
            if column[r] not in vocab:
                raise Exception("value outside the vocabulary")

            pos = np.argwhere(vocab == column[r])
            codes[r, 0] = int(pos)

        return codes

    def get_field_dims(self):
        """
        Vocabulary size of every field; their sum is the length
        of the full one-hot vector.
        :return: array, one entry per field
        """
        sizes = []
        for f in range(2, self.frame.shape[1]):
            sizes.append(len(self.distinct_values(self.codes[:, f-2])))
        return np.array(sizes)

    def encode_all_fields(self):
        """
        Codes for every field of the frame, side by side.
        :return: array (rows, fields)
        """
        print('encoding field {0}'.format(self.frame.columns[2]))
        column = np.asarray(self.frame.iloc[:, 2])
        table = self.encode_field(column, self.distinct_values(column))
        for f in range(3, self.frame.shape[1]):
            print('encoding field {0}'.format(self.frame.columns[f]))
            column = np.asarray(self.frame.iloc[:, f])
            more = self.encode_field(column, self.distinct_values(column))
            table = np.hstack((table, more))
        return table


if __name__ == "__main__":
    # print('cutting a small log')
    # helper = ClickTable()
    # helper.cut_smaller_data_for_exam('./Data/train20k.csv', size=20000, skip_size=40000)
    print("encoding a tiny log")
    f = "./Data/train2k.csv"

    table = ClickTable(f)
    print(table.get_field_dims())
    # loader = DataLoader(table, batch_size=10, shuffle=True)
    # print(len(table))
    # print(table.get_field_dims())
    # for rows, clicks in loader:
    #     print(rows.size(), clicks)
