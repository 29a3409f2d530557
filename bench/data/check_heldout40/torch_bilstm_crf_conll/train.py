from utils import AverageMeter, prepare_sequence, evaluation
from model import *
import torch.optim as optim
import time
from getdata import conll_reader
import os
from optparse import OptionParser

EMB_DIM = 25
HID_DIM = 100
cli = OptionParser()
cli.add_option("-c","--checkpoint", dest="checkpoint",help="checkpoint to resume from", type="string")
(opts,rest)=cli.parse_args()

if opts.checkpoint == None:
    ckpt_file = ''# empty: start from scratch
else:
    ckpt_file = os.path.join('pretrained_model/', opts.checkpoint) # resume from this file
if ckpt_file != '':
    print('resuming from ', ckpt_file)

is_training = True
use_gpu = False

reader = conll_reader('train.txt', 'test.txt')
train_pairs, test_pairs, tag_list, tag_index, word_index = reader.load()
print('train sentences: ', len(train_pairs), '\ntest sentences: ', len(test_pairs))

use_gpu = use_gpu and torch.cuda.is_available()
print('use_gpu = ', use_gpu)
print('vocab size = ', len(word_index), 'tag_index', tag_index)

net = BiLSTM_CRF(len(word_index), tag_index, EMB_DIM, HID_DIM, use_gpu)
opt = optim.SGD(net.parameters(), lr=0.01, weight_decay=1e-4)

if ckpt_file:
    ckpt_file = torch.load(ckpt_file)
    net.load_state_dict(ckpt_file['state_dict'])
    opt.load_state_dict(ckpt_file['optimizer'])
    lowest_loss = ckpt_file['best_loss']
    first_epoch = ckpt_file['epoch']
    print('resumed: first_epoch{0} lowest_loss{1}'.format(first_epoch, lowest_loss))
else:
    first_epoch = 0
    lowest_loss = 100000000
    print('training from scratch')
best_f1 = 0


if use_gpu:
    net.cuda()
    print('model is on the GPU')

t_mark = time.time()
tiny = 0.00000000001
for epoch in range(first_epoch, 100):
    meter = AverageMeter()
    for i, (words, tags) in enumerate(train_pairs):
        net.zero_grad()

        # build index tensors
        word_ids = prepare_sequence(words, word_index)
        gold = torch.tensor([tag_index[t] for t in tags], dtype=torch.long)
        if use_gpu:
            word_ids = word_ids.cuda()
            gold = gold.cuda()
        loss = net.neg_log_likelihood(word_ids, gold)

        meter.update(loss.item(), 1)

        loss.backward()
        opt.step()

    if is_training:
        print('Epoch: [{0}]\t'
            'Loss: {meter.avg:.4f}\t'
            'Time: {epoch_time:.2f}'.format(epoch, meter=meter, epoch_time=time.time()-t_mark))

    t_mark = time.time()
    # evaluation on the test sentences
    tp_sum = 0
    fn_sum = 0
    fp_sum = 0
    with torch.no_grad():
        timer = AverageMeter()
        for i, (words, gold_tags) in enumerate(test_pairs):
            # print('words :', words)
            word_ids = prepare_sequence(words, word_index)
            pred = net(word_ids)
            pred_tags = [tag_list[k] for k in pred[1]]
            # print('pred_tags = ', pred_tags)
            # print('gold_tags = ', gold_tags)
            tp, fn, fp = evaluation(pred_tags, gold_tags)
            tp_sum += tp
            fn_sum += fn
            fp_sum += fp
    # print(tp_sum, fn_sum, fp_sum)
    prec = tp_sum / (tp_sum + fp_sum + tiny)
    rec = tp_sum / (tp_sum + fn_sum + tiny)
    f1 = (2 * prec * rec) / (prec + rec + tiny)
    if f1 > best_f1:
        best_f1 = f1
    print('Test epoch [{0}]\t'
          'Time:{epoch_time:.2f}\t'
          'F1:{value:.4f}'.format(epoch, epoch_time=time.time() - t_mark, value=f1))

    if is_training and meter.avg < lowest_loss:
        lowest_loss = meter.avg
        snapshot = {
            'epoch': epoch + 1,
            'state_dict': net.state_dict(),
            'best_loss': lowest_loss,
            'optimizer': opt.state_dict(),
            'best_F': best_f1
        }
        torch.save(snapshot, os.path.join('pretrained_model/', str(epoch) + '_' + str(lowest_loss)[:1] + '_' + str(lowest_loss)[2:5] + '__' + str(f1)[2:5] + '.pth.tar'))
    t_mark = time.time()
