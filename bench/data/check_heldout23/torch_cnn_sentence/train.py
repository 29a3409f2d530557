import os
import sys
import torch
import torch.autograd as autograd
import torch.nn.functional as F


def run_train(train_batches, dev_batches, text_model, cfg):
    if cfg.cuda:
        text_model.cuda()

    adam_optimizer = torch.optim.Adam(text_model.parameters(), lr=cfg.lr)

    step_count = 0
    best_dev_acc = 0
    last_improved = 0
    for epoch_i in range(1, cfg.epochs+1):
        for mini_batch in train_batches:
            text_model.train()
            features_in, targets_in = mini_batch.text, mini_batch.label
            features_in.t_(), targets_in.sub_(1)  # (seq, batch) -> (batch, seq); labels start at 0
            if cfg.cuda:
                features_in, targets_in = features_in.cuda(), targets_in.cuda()

            adam_optimizer.zero_grad()
            logits_out = text_model(features_in)
            loss_val = F.cross_entropy(logits_out, targets_in)
            loss_val.backward()
            adam_optimizer.step()

            step_count += 1
            if step_count % cfg.log_interval == 0:
                n_right = (torch.max(logits_out, 1)[1].view(targets_in.size()).data == targets_in.data).sum()
                acc_pct = 100.0 * n_right/mini_batch.batch_size
                sys.stdout.write(
                    '\rstep {} | loss {:.6f} | hit rate {:.4f}% ({}/{})'.format(step_count, 
                                                                             loss_val.item(), 
                                                                             acc_pct.item(),
                                                                             n_right.item(),
                                                                             mini_batch.batch_size))
            if step_count % cfg.test_interval == 0:
                dev_acc_pct = evaluate_dev(dev_batches, text_model, cfg)
                if dev_acc_pct > best_dev_acc:
                    best_dev_acc = dev_acc_pct
                    last_improved = step_count
                    if cfg.save_best:
                        save_checkpoint(text_model, cfg.save_dir, 'best', step_count)
                else:
                    if step_count - last_improved >= cfg.early_stop:
                        print('no dev gain for {} steps'.format(cfg.early_stop))
            elif step_count % cfg.save_interval == 0:
                save_checkpoint(text_model, cfg.save_dir, 'snapshot', step_count)


def evaluate_dev(data_batches, text_model, cfg):
    text_model.eval()
    n_right, mean_loss = 0, 0
    for mini_batch in data_batches:
        features_in, targets_in = mini_batch.text, mini_batch.label
        features_in.t_(), targets_in.sub_(1)  # (seq, batch) -> (batch, seq); labels start at 0
        if cfg.cuda:
            features_in, targets_in = features_in.cuda(), targets_in.cuda()

        logits_out = text_model(features_in)
        loss_val = F.cross_entropy(logits_out, targets_in, size_average=False)

        mean_loss += loss_val.item()
        n_right += (torch.max(logits_out, 1)
                     [1].view(targets_in.size()).data == targets_in.data).sum()

    n_examples = len(data_batches.dataset)
    mean_loss /= n_examples
    acc_pct = 100.0 * n_right/n_examples
    print('\ndev pass | loss {:.6f} | hit rate {:.4f}% ({}/{}) \n'.format(mean_loss, 
                                                                       acc_pct, 
                                                                       n_right, 
                                                                       n_examples))
    return acc_pct


def predict_label(sentence_text, text_model, text_column, label_column, use_cuda):
    assert isinstance(sentence_text, str)
    text_model.eval()
    # (the Field preprocess step also tokenizes)
    sentence_text = text_column.preprocess(sentence_text)
    sentence_text = [[text_column.vocab.stoi[tok] for tok in sentence_text]]
    ids_tensor = torch.tensor(sentence_text)
    ids_tensor = autograd.Variable(ids_tensor)
    if use_cuda:
        ids_tensor = ids_tensor.cuda()
    print(ids_tensor)
    scores = text_model(ids_tensor)
    _, best_idx = torch.max(scores, 1)
    return label_column.vocab.itos[best_idx.item()+1]


def save_checkpoint(text_model, out_dir, file_prefix, step_count):
    if not os.path.isdir(out_dir):
        os.makedirs(out_dir)
    file_prefix = os.path.join(out_dir, file_prefix)
    file_path = '{}_steps_{}.pt'.format(file_prefix, step_count)
    torch.save(text_model.state_dict(), file_path)
