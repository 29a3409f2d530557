import torch


def model_to_vector(model, emb_layer_name='input_emb'):
    """
    input embedding as nested lists
    :param model:
    :param emb_layer_name:
    :return:
    """
    sd = model.state_dict()
    return sd[emb_layer_name + '.weight'].cpu().numpy().tolist()

def save_embedding(file_name, embeddings, id2word):
    """
    write vectors to a text file
    :param file_name:
    :param embeddings:
    :param id2word:
    :return:
    """
    out = open(file_name, 'w')
    for k in range(len(embeddings)):
        tok = id2word[k]
        row = embeddings[k]
        parts = [str(v) for v in row]
        text = ' '.join(parts)
        out.write(tok + ' ' + text + '\n')

    out.close()

def nearest(model, vali_examples, vali_size, id2word_dict, top_k=8):
    """
    print neighbours of a few probe ids
    :param model: model
    :param vali_examples: []
    :param vali_size: int
    :param id2word_dict: {}
    :param top_k: int
    :return:
    """
    vali_examples = torch.tensor(vali_examples, dtype=torch.long).cuda()
    probe = model.predict(vali_examples)
    # sims: [probes, vocab]
    sims = torch.mm(probe, model.input_emb.weight.transpose(0, 1))
    for r in range(vali_size):
        w = id2word_dict[vali_examples[r].item()]
        order = (-sims[r, :]).sort()[1][1: top_k + 1]
        line = 'neighbours of %s:' % w
        for j in range(top_k):
            near = id2word_dict[order[j].item()]
            line = '%s %s,' % (line, near)
        print(line)
