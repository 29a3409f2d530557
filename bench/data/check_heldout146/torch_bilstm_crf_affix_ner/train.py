import argparse
import json
import matplotlib.pyplot as plt
import numpy as np
import pickle
import time
import torch
from torch import optim
from typing import Tuple, List, Dict

import dataset
from model import BiLSTM_CRF
import utils


def get_options():
    ap = argparse.ArgumentParser()
    ap.add_argument('--dataset_train',     type=str, default='./data/eng.train')
    ap.add_argument('--dataset_val',       type=str, default='./data/eng.testa')
    ap.add_argument('--dataset_test',      type=str, default='./data/eng.testb')
    ap.add_argument('--pretrained_glove',  type=str, default='./data/glove.6B.100d.txt')
    ap.add_argument('--output_mapping',    type=str, default='./output/mapping.pkl')
    ap.add_argument('--output_affix_list', type=str, default='./output/affix_list.json')

    ap.add_argument('--use_crf',           type=int, default=1)
    ap.add_argument('--add_cap_feature',   type=int, default=1)
    ap.add_argument('--add_affix_feature', type=int, default=1)

    ap.add_argument('--use_gpu',     type=int, default=1)
    ap.add_argument('--model_path',  type=str, default='./model')
    ap.add_argument('--graph_path',  type=str, default='./output')
    ap.add_argument('--eval_path',   type=str, default='./evaluate/temp')
    ap.add_argument('--eval_script', type=str, default='./evaluate/conlleval.pl')

    opts = ap.parse_args()
    opts.use_crf = opts.use_crf != 0
    opts.add_cap_feature = opts.add_cap_feature != 0
    opts.add_affix_feature = opts.add_affix_feature != 0
    opts.use_gpu = opts.use_gpu != 0
    opts.use_gpu = opts.use_gpu and torch.cuda.is_available()
    return opts


def prepare_corpora(train_path: str, val_path: str, test_path: str, pretrained_glove: str, output_mapping: str, output_affix_list: str):
    trn_sents = dataset.load_sentences(train_path)[:14000]
    dev_sents = dataset.load_sentences(val_path)[:1500]
    tst_sents = dataset.load_sentences(test_path)[-1500:]

    word_counts, _, _ = dataset.word_mapping(trn_sents)
    _, ch2id, _ = dataset.char_mapping(trn_sents)
    _, tag_to_id, id_to_tag = dataset.tag_mapping(trn_sents)
    _, w2id, _, emb_matrix = dataset.load_pretrained_embedding(word_counts.copy(), pretrained_glove, word_dim=100)

    train_data = dataset.prepare_dataset(trn_sents, w2id, ch2id, tag_to_id)
    val_data = dataset.prepare_dataset(dev_sents, w2id, ch2id, tag_to_id)
    test_data = dataset.prepare_dataset(tst_sents, w2id, ch2id, tag_to_id)
    pre_maps, suf_maps = dataset.add_affix_to_datasets(train_data, val_data, test_data)

    with open(output_mapping, 'wb') as fp:
        bundle = {'word_to_id': w2id, 'tag_to_id': tag_to_id, 'char_to_id': ch2id, 'word_embedding': emb_matrix}
        pickle.dump(bundle, fp)
    with open(output_affix_list, 'w') as fp:
        json.dump([pre_maps, suf_maps], fp, indent=2)

    print('Datasets status:')
    print('#train_data: {} / #val_data: {} / #test_data: {}'.format(len(train_data), len(val_data), len(test_data)))
    print('#word_to_id: {}, #char_to_id: {}, #tag_to_id: {}, #prefix_dicts: {}, #suffix_dicts: {}, '.format(len(w2id), len(ch2id), len(tag_to_id), len(pre_maps), len(suf_maps)))
    print('#prefixes_2/3/4: [{}, {}, {}], #suffixes_2/3/4: [{}, {}, {}]'.format(len(pre_maps[1]), len(pre_maps[2]), len(pre_maps[3]), len(suf_maps[1]), len(suf_maps[2]), len(suf_maps[3])))
    return (train_data, val_data, test_data), (w2id, ch2id, tag_to_id, id_to_tag), emb_matrix, (pre_maps, suf_maps)


def run_training(model: BiLSTM_CRF, device: str, train_data: List[dataset.Data], val_data: List[dataset.Data], test_data: List[dataset.Data], model_path: str, graph_path: str, **extra):
    t_begin = time.time()

    base_lr = 0.015
    opt = optim.SGD(model.parameters(), base_lr=base_lr, momentum=0.9)
    log_acc = 0
    plot_acc = 0
    loss_curve, acc_curves, f1_curves = [], [[], []], [[], []]

    step = 0
    n_epochs = 10
    n_items = len(train_data)
    log_freq = 100
    save_freq = int(n_items / 2)
    plot_freq = 100
    eval_freq = 700

    print('\nStart training, totally {} epochs, {} batches...'.format(n_epochs, n_items))
    for ep in range(0, n_epochs):
        for it, pos in enumerate(np.random.permutation(n_items)):
            model.train()
            step += 1
            item = train_data[pos]

            words_in = torch.LongTensor(item.words).to(device)
            chars_mask = torch.LongTensor(item.chars_mask).to(device)
            chars_length = item.chars_length
            chars_d = item.chars_d
            caps = torch.LongTensor(item.caps).to(device)
            gold = torch.LongTensor(item.tags).to(device)
            words_prefixes = torch.LongTensor(item.words_prefix_ids).to(device)
            words_suffixes = torch.LongTensor(item.words_suffix_ids).to(device)

            emissions = model(words_in=words_in, chars_mask=chars_mask, chars_length=chars_length, chars_d=chars_d, caps=caps, words_prefixes=words_prefixes, words_suffixes=words_suffixes)
            nll = model.calc_loss(emissions, gold) / len(item.words)
            log_acc += nll.item()
            plot_acc += nll.item()

            model.zero_grad()
            nll.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            opt.step()

            if step % log_freq == 0:
                mean_log = log_acc / log_freq
                log_acc = 0
                print('{} Epoch: {}/{}, batch: {}/{}, train loss: {:.4f}, time: {}'.format(
                    utils.time_string(), ep + 1, n_epochs, it + 1, n_items, mean_log, utils.time_since(t_begin, (ep * n_items + it) / (n_epochs * n_items))))

            if step % plot_freq == 0:
                mean_plot = plot_acc / plot_freq
                plot_acc = 0
                loss_curve.append(mean_plot)

            if (step % save_freq == 0) or (it == n_items - 1 and ep == n_epochs - 1):
                torch.save(model, '{}/savepoint_epoch{}_batch{}.pth'.format(model_path, n_epochs + 1, n_items + 1))

            if step % eval_freq == 0:
                print('\n{} Evaluating on validating dataset (epoch {}/{}, batch {}/{})...'.format(utils.time_string(), ep + 1, n_epochs, it + 1, n_items))
                dev_acc, _, _, dev_f1 = score_split(model=model, device=device, dataset=val_data, **extra)
                print('\n{} Evaluating on testing dataset (epoch {}/{}, batch {}/{})...'.format(utils.time_string(), ep + 1, n_epochs, it + 1, n_items))
                tst_acc, _, _, tst_f1 = score_split(model=model, device=device, dataset=test_data, **extra)
                acc_curves[0].append(dev_acc)
                acc_curves[1].append(tst_acc)
                f1_curves[0].append(dev_f1)
                f1_curves[1].append(tst_f1)
                print("\nContinue training...")
        #

        #
        decayed = base_lr / (1 + 0.05 * step / len(train_data))
        utils.adjust_learning_rate(opt, base_lr=decayed)
    #

    t_end = time.time()
    begin_s = utils.time_string(t_begin)
    end_s = utils.time_string(t_end)
    print('Start time: {}, end time: {}, totally spent time: {:d}min'.format(begin_s, end_s, int((t_end - t_begin) / 60)))

    with open("{}/plots.log".format(graph_path), 'w') as fp:
        fp.write("time: {}\n\n".format(end_s))
        fp.write("loss:\n[{}]\n\n".format(', '.join([str(k) for k in loss_curve])))
        fp.write("acc1:\n[{}]\n\n".format(', '.join([str(k) for k in acc_curves[0]])))
        fp.write("acc2:\n[{}]\n\n".format(', '.join([str(k) for k in acc_curves[1]])))
        fp.write("f1:\n[{}]\n\n".format(', '.join([str(k) for k in f1_curves[0]])))
        fp.write("f2:\n[{}]\n\n".format(', '.join([str(k) for k in f1_curves[1]])))

    n_epochs = list(range(1, len(loss_curve) + 1))
    plt.plot(n_epochs, loss_curve)
    plt.legend(['Training'])
    plt.xlabel('Index')
    plt.ylabel('Loss')
    plt.savefig('{}/loss.pdf'.format(graph_path))

    plt.clf()
    n_epochs = list(range(1, len(acc_curves[0]) + 1))
    plt.plot(n_epochs, acc_curves[0], 'b')
    plt.plot(n_epochs, acc_curves[1], 'r')
    plt.legend(['eng.testa', 'eng.testb'])
    plt.xlabel('Index')
    plt.ylabel('Accuracy')
    plt.savefig('{}/acc.pdf'.format(graph_path))

    plt.clf()
    n_epochs = list(range(1, len(f1_curves[0]) + 1))
    plt.plot(n_epochs, f1_curves[0], 'b')
    plt.plot(n_epochs, f1_curves[1], 'r')
    plt.legend(['eng.testa', 'eng.testb'])
    plt.xlabel('Index')
    plt.ylabel('F1-score')
    plt.savefig('{}/f1-score.pdf'.format(graph_path))

    print("graphs have been saved to {}".format(graph_path))


def score_split(model: BiLSTM_CRF, device: str, dataset: List[dataset.Data], tag_to_id: Dict[str, int], id_to_tag: Dict[int, str], eval_path: str, eval_script: str) -> Tuple[float, float, float, float]:
    prediction = []
    confusion = torch.zeros((len(tag_to_id) - 2, len(tag_to_id) - 2))

    model.eval()
    for item in dataset:
        words_in = torch.LongTensor(item.words).to(device)
        chars_mask = torch.LongTensor(item.chars_mask).to(device)
        chars_length = item.chars_length
        chars_d = item.chars_d
        caps = torch.LongTensor(item.caps).to(device)
        words_prefixes = torch.LongTensor(item.words_prefix_ids).to(device)
        words_suffixes = torch.LongTensor(item.words_suffix_ids).to(device)

        emissions = model(words_in=words_in, chars_mask=chars_mask, chars_length=chars_length, chars_d=chars_d, caps=caps, words_prefixes=words_prefixes, words_suffixes=words_suffixes)
        _, pred_ids = model.decode_targets(emissions)
        for (tok, gold_id, guess_id) in zip(item.str_words, item.tags, pred_ids):
            row = ' '.join([tok, id_to_tag[gold_id], id_to_tag[guess_id]])
            prediction.append(row)
            confusion[gold_id, guess_id] += 1
        prediction.append('')

    report, accuracy, precision, recall, fscore = utils.evaluate_by_perl_script(prediction=prediction, eval_path=eval_path, eval_script=eval_script)
    print('Accuracy: {:.4f}, precision: {:.4f}, recall: {:.4f}, f1-score: {:.4f}'.format(accuracy, precision, recall, fscore))
    print('Detailed result:')
    for k, row in enumerate(report):
        print(row)
    print('Confusion matrix:')
    print(("{: >2}{: >9}{: >15}%s{: >9}" % ("{: >9}" * confusion.size(0))).format(
        "ID", "NE", "Total",
        *([id_to_tag[k] for k in range(confusion.size(0))] + ["Percent"])
    ))
    for k in range(confusion.size(0)):
        print(("{: >2}{: >9}{: >15}%s{: >9}" % ("{: >9}" * confusion.size(0))).format(
            str(k), id_to_tag[k], str(confusion[k].sum()),
            *([confusion[k][m] for m in range(confusion.size(0))] +
              ["%.3f" % (confusion[k][k] * 100. / max(1, confusion[k].sum()))])
        ))
    return accuracy, precision, recall, fscore


def entry():
    opts = get_options()
    device = 'cuda' if opts.use_gpu else 'cpu'

    (train_data, val_data, test_data), (w2id, ch2id, tag_to_id, id_to_tag), emb_matrix, (pre_maps, suf_maps) = prepare_corpora(
        train_path=opts.dataset_train,
        val_path=opts.dataset_val,
        test_path=opts.dataset_test,
        pretrained_glove=opts.pretrained_glove,
        output_mapping=opts.output_mapping,
        output_affix_list=opts.output_affix_list,
    )

    model = BiLSTM_CRF(
        vocab_size=len(w2id),
        tag_to_id=tag_to_id,
        pretrained_embedding=emb_matrix,
        word_embedding_dim=100,
        char_count=len(ch2id),
        char_embedding_dim=50,
        cap_feature_count=4,
        cap_embedding_dim=10,
        prefix_counts=[len(pre_maps[1]) + 1, len(pre_maps[2]) + 1, len(pre_maps[3]) + 1],
        suffix_counts=[len(suf_maps[1]) + 1, len(suf_maps[2]) + 1, len(suf_maps[3]) + 1],
        prefix_embedding_dims=[16, 16, 16],
        suffix_embedding_dims=[16, 16, 16],
        char_lstm_hidden_size=25,
        output_lstm_hidden_size=200,
        dropout_p=0.5,
        device=device,
        use_crf=opts.use_crf,
        add_cap_feature=opts.add_cap_feature,
        add_affix_feature=opts.add_affix_feature,
    )
    model.to(device)
    run_training(
        model=model,
        device=device,
        train_data=train_data,
        val_data=val_data,
        test_data=test_data,
        model_path=opts.model_path,
        graph_path=opts.graph_path,
        **{
            'tag_to_id': tag_to_id,
            'id_to_tag': id_to_tag,
            'eval_path': opts.eval_path,
            'eval_script': opts.eval_script,
        },
    )


if __name__ == '__main__':
    entry()
