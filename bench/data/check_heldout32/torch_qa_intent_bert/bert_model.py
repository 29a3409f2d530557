import torch
import torch.nn as nn
from transformers import BertModel
class ConvTextHead(nn.Module):
    def __init__(self, embedding_dim, num_filters, filter_sizes,num_classes):
        '''
        embedding_dim: width of each token vector
        num_filters: feature maps per kernel height
        filter_sizes: kernel heights (tokens) to use
        num_classes: number of intents
        '''
        super(ConvTextHead, self).__init__()
        self.convs = nn.ModuleList([
            nn.Conv2d(1, num_filters, (k, embedding_dim)) for k in filter_sizes
        ])
        self.fc = nn.Linear(num_filters * len(filter_sizes), num_classes)

    def forward(self, x):
        x = x.unsqueeze(1)  # add a channel axis: [batch, 1, seq_len, hidden]
        x = [nn.functional.relu(conv(x)).squeeze(3) for conv in self.convs]  # one map per kernel: [batch, filters, seq_len-k+1]
        x = [nn.functional.max_pool1d(i, i.size(2)).squeeze(2) for i in x]  # max over time: [batch, filters]
        x = torch.cat(x, 1) # [batch, filters * n_kernels]
        x = self.fc(x)
        return x

class BertConvClassifier(nn.Module):
    def __init__(self, bert_model_name, num_filters, filter_sizes, num_classes):
        super(BertConvClassifier, self).__init__()
        self.bert = BertModel.from_pretrained(bert_model_name)
        self.conv_head = ConvTextHead(self.bert.config.hidden_size, num_filters, filter_sizes,num_classes)
        
    def forward(self, input_ids, attention_mask):
        bert_out = self.bert(input_ids=input_ids, attention_mask=attention_mask)
        token_features = bert_out.last_hidden_state     # [batch, max_len, hidden] from the last encoder layer
        token_features = self.conv_head(token_features)  # intent scores [batch, num_classes]
        return token_features
