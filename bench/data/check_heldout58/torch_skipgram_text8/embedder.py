import os
import random
import torch
from torch.optim import SGD
from corpus_tools import read_own_data, build_dataset, DataPipeline
from model import SkipGramNeg
from neighbours import nearest

class SkipGramTrainer:
    def __init__(self, data_path, vocabulary_size, embedding_size, learning_rate=1.0):

        self.corpus = read_own_data(data_path)

        self.data, self.word_count, self.word2index, self.index2word = build_dataset(self.corpus,
                                                                    vocabulary_size)
        self.vocabs = list(set(self.data))

        self.model: SkipGramNeg = SkipGramNeg(vocabulary_size, embedding_size).cuda()
        self.model_optim = SGD(self.model.parameters(), lr=learning_rate)


    def train(self, train_steps, skip_window=1, num_skips=2, num_neg=20, batch_size=128, data_offest=0, vali_size=3, output_dir='out'):
        self.outputdir = os.mkdir(output_dir)

        running = 0
        feeder = DataPipeline(self.data, self.vocabs ,self.word_count, data_offest)
        probe_ids = random.sample(self.vocabs, vali_size)

        for step in range(train_steps):
            centre, ctx = feeder.generate_batch(batch_size, num_skips, skip_window)
            negs = feeder.get_neg_data(batch_size, num_neg, centre)

            centre = torch.tensor(centre, dtype=torch.long).cuda()
            ctx = torch.tensor(ctx, dtype=torch.long).cuda()
            negs = torch.tensor(negs, dtype=torch.long).cuda()

            loss = self.model(centre, ctx, negs)
            self.model_optim.zero_grad()
            loss.backward()
            self.model_optim.step()

            running += loss.item()

            if step % 2000 == 0 and step > 0:
                running /= 2000
                print('mean loss at step ', step, ': ', running)
                running = 0

            if step % 10000 == 0 and vali_size > 0:
                nearest(self.model, probe_ids, vali_size, self.index2word, top_k=8)

            # periodic checkpoint
            if step % 100000 == 0 and step > 0:
                torch.save(self.model.state_dict(), self.outputdir + '/model_step%d.pt' % step)

        # final checkpoint
        torch.save(self.model.state_dict(), self.outputdir + '/model_step%d.pt' % train_steps)

    def save_model(self, out_path):
        torch.save(self.model.state_dict(), out_path + '/model.pt')

    def get_list_vector(self):
        sd = self.model.state_dict()
        return sd['input_emb.weight'].tolist()

    def save_vector_txt(self, path_dir):
        table = self.get_list_vector()
        out = open(path_dir + '/vector.txt', 'w')
        for k in range(len(table)):
            tok = self.index2word[k]
            row = table[k]
            parts = [str(v) for v in row]
            text = ' '.join(parts)
            out.write(tok + ' ' + text + '\n')
        out.close()

    def load_model(self, model_path):
        self.model.load_state_dict(torch.load(model_path))

    def vector(self, index):
        self.model.predict(index)

    def most_similar(self, word, top_k=8):
        k = self.word2index[word]
        k = torch.tensor(k, dtype=torch.long).cuda().unsqueeze(0)
        v = self.model.predict(k)
        sims = torch.mm(v, self.model.input_emb.weight.transpose(0, 1))
        order = (-sims[0]).sort()[1][1: top_k + 1]
        found = []
        for j in range(top_k):
            tok = self.index2word[order[j].item()]
            found.append(tok)
        return found


