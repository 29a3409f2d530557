from utils import *
from dataloader import *
from rnn_crf import *
from evaluate import *

def read_training_set(argv):

    data = seq_loader(hier = HRE)
    minibatches = []
    char_idx = read_token_index(argv[1])
    word_idx = read_token_index(argv[2])
    tag_names = read_index_token(argv[3])

    print("reading %s ..." % argv[4])

    with open(argv[4]) as fh:
        blocks = fh.read().strip().split("\n" * (HRE + 1))

    for chunk in blocks:
        data.new_row()
        for line in chunk.split("\n"):
            x, y = line.split("\t")
            x = [x.split(":") for x in x.split(" ")]
            y = tuple(map(int, y.split(" ")))
            cx, wx = zip(*[(list(map(int, cx.split("+"))), int(wx)) for cx, wx in x])
            data.add_entry(cx = cx, wx = wx, gold = y)

    for mb in data.iter_batches(BATCH_SIZE):
        cx, wx = data.as_tensors(mb.cx, mb.wx, mb.lengths)
        _, gold = data.as_tensors(None, mb.gold, with_sos = True)
        minibatches.append((cx, wx, gold))

    print("examples: %d" % len(data.gold))
    print("minibatch: %d" % BATCH_SIZE)

    return minibatches, char_idx, word_idx, tag_names

def fit_model(argv):

    n_epochs = int(argv[-1])
    minibatches, char_idx, word_idx, tag_names = read_training_set(argv)
    net = rnn_crf(char_idx, word_idx, len(tag_names))
    print(net)

    opt = torch.optim.Adam(net.parameters(), lr = LEARNING_RATE)
    start_ep = restore_ckpt(argv[0], net) if isfile(argv[0]) else 0
    stem = re.sub("\.epoch[0-9]+$", "", argv[0])

    print("starting training")

    for ep in range(start_ep + 1, start_ep + n_epochs + 1):

        running = 0
        clock = time()

        for cx, wx, gold in minibatches:

            objective = net(cx, wx, gold)
            objective.backward()
            opt.step()
            running += objective.item()

        clock = time() - clock
        running /= len(minibatches)

        if ep % SAVE_EVERY and ep != start_ep + n_epochs:
            store_ckpt("", None, ep, running, clock)
        else:
            store_ckpt(stem, net, ep, running, clock)

        if len(argv) == 7 and (ep % EVAL_EVERY == 0 or ep == start_ep + n_epochs):
            evaluate(predict(net, char_idx, word_idx, tag_names, argv[5]), True)
            net.train()
            print()

if __name__ == "__main__":

    if len(sys.argv) not in [7, 8]:
        sys.exit("usage: %s ckpt chars words tags train_file [dev_file] epochs" % sys.argv[0])

    fit_model(sys.argv[1:])
