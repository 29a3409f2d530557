import os
class conll_reader():
    def __init__(self, train_file, test_file):
        BEGIN_TAG = "<START>"
        END_TAG = "<STOP>"
        self.tag_index = {BEGIN_TAG: 0,
                     END_TAG: 1}  # tag set seen so far (BIO tags of CoNLL-2003 plus the two CRF markers)
        self.tag_list = [BEGIN_TAG, END_TAG]
        self.train_pairs = []
        self.test_pairs = []

        self.train_done = False  # training file is read first
        self.train_file = os.path.join('dataset', train_file)
        self.test_file = os.path.join('dataset', test_file)

        self.unseen_in_test = 0
    def load(self):
        self._read_train(self.train_file)
        self._read_test(self.test_file)
        return self.train_pairs, self.test_pairs, self.tag_list, self.tag_index, self.word_index

    def _read_train(self, fname):
        with open(fname, 'r') as fh:
            blocks = fh.read().split('\n\n')
            for block in blocks:
                if '-DOCSTART' in block:  # document separator line
                    continue
                words = []
                tags = []
                rows = block.split('\n')
                if len(rows) < 3:  # drop sentences shorter than three tokens
                    continue
                for row in rows:
                    cols = row.split()
                    if not cols:
                        continue
                    words.append(cols[0])
                    tags.append(cols[-1])
                    if cols[-1] not in self.tag_index:
                        self.tag_index[cols[-1]] = len(self.tag_index)
                        self.tag_list.append(cols[-1])
                self.train_pairs.append((words, tags))
        print('tag set: ', self.tag_list)
        self.word_index = {}
        for words, tags in self.train_pairs:
            for w in words:
                if w not in self.word_index:
                    self.word_index[w] = len(self.word_index)

    def _read_test(self, fname):
        with open(fname, 'r') as fh:
            blocks = fh.read().split('\n\n')
            for block in blocks:
                if '-DOCSTART' in block:  # document separator line
                    continue
                words = []
                tags = []
                rows = block.split('\n')
                if len(rows) < 3:  # drop sentences shorter than three tokens
                    continue
                # print('block: ', block)
                # input('')
                has_unseen = False
                for row in rows:
                    cols = row.split()
                    if not cols:
                        continue
                    if not cols[0] in self.word_index:  # out-of-vocabulary word
                        self.unseen_in_test += 1
                        has_unseen = True
                        break
                    if cols[-1] not in self.tag_index:
                        print('unknown tag in test set')
                        input()
                    words.append(cols[0])
                    tags.append(cols[-1])
                # print('kept words: ', words)
                # input('')
                if not has_unseen:
                    self.test_pairs.append((words, tags))
