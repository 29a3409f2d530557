class WordIndex:
    longest_text = 0

    def __init__(self, root_dir='D:\Handwriting Data\iam_words', train_share: float=0.95) -> None:
        self.pairs = [] # every entry: [image file, transcription]

        broken_ids = ['a01-117-05-02', 'r06-022-03-05']  # two unreadable word images
        listing = open(root_dir + '/words.txt')
        print("reading the word list ...")
        for row in listing:
            # skip comments and blank rows
            row.strip()
            if not row or row[0] == "#":
                continue
            # row looks like: a01-000u-00-00 ok 154 408 768 27 51 AT A
            fields = row.split()
            assert len(fields) >= 9
            # folder names come from the word id
            id_parts = fields[0].split('-') # [a01, 000u, 00, 00]
            outer_dir = id_parts[0] # a01
            inner_dir = outer_dir + '-' + id_parts[1] # a01-000u
            png_name = fields[0] + '.png'
            png_path = root_dir + "\\words" + "\\" + outer_dir + "\\" + inner_dir + "\\" + png_name

            if fields[0] in broken_ids:
                print("skipping a broken image")
                continue
            # fields from the ninth on are the transcription
            text = ' '.join(fields[8:])
            # track the longest transcription
            if len(text) > self.longest_text:
                self.longest_text = len(text)

            self.pairs.append([png_path, text])
            # 95% for fitting, 5% held out
            cut = int(train_share * len(self.pairs))
            self.fit_pairs = self.pairs[:cut]
            self.held_pairs = self.pairs[cut:]
        print("word list ready")

def longest(self):
        return self.longest_text # 19








