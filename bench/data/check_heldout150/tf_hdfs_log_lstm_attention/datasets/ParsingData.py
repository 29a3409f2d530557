import os
import re
from drain3 import TemplateMiner
from drain3.template_miner_config import TemplateMinerConfig
import pandas as pd
from datetime import datetime

class HdfsSessions:
    def block_of(raw_line):
        tokens = raw_line.split()
        for tok in tokens:
            if tok.startswith("blk_"):
                return tok
        return "unknown"

    def __init__(self):
        cfg = TemplateMinerConfig()
        cfg.load(f"drain3.ini")
        
        miner = TemplateMiner(config=cfg)

        # pull the whole raw log into memory
        raw_lines = []
        with open("datasets/HDFS.log", "r", encoding="utf-8") as fh:
            raw_lines = fh.readlines()
        
        print(f"{len(raw_lines)} raw lines loaded")

        templates = []
        cluster_ids = []

        if (os.path.exists("datasets/HDFS.log_structured.csv") == False):
            for k, raw in enumerate(raw_lines):
                raw = raw.strip()
                if not raw:
                    continue

                mined = miner.add_log_message(raw)
                cid = mined["cluster_id"]
                tmpl = mined["template_mined"]

                templates.append(tmpl)
                cluster_ids.append(cid)
            
            structured = pd.DataFrame({
                "LineId": range(1, len(raw_lines)+1),
                "BlockId": [HdfsSessions.block_of(raw) for raw in raw_lines],
                "Eventlines": templates,
                "EventId": [f"E{c}" for c in cluster_ids]
            })
            structured.to_csv("datasets/HDFS.log_structured.csv", index=False)

        labels_df = pd.read_csv("datasets/anomaly_label.csv")
        structured = pd.read_csv("datasets/HDFS.log_structured.csv")

        self.sessions = structured.groupby("BlockId")["EventId"].apply(list).reset_index()
        print(f"\n {len(self.sessions)} block sessions built")

        label_of = dict(zip(labels_df["BlockId"], labels_df["Label"]))
        self.sessions["Label"] = self.sessions["BlockId"].map(label_of).apply(lambda v: 1 if v == "Anomaly" else 0)

        for k in range(5):
            print(f"[{k+1}] block id: {self.sessions.iloc[k]['BlockId']}")
            print(f"first events: {self.sessions.iloc[k]['EventId'][:5]}...")
            print(f"target: {self.sessions.iloc[k]['Label']} (1 means anomalous)")
    
    def get_sessions(self):
        return self.sessions

    


# build the sessions when run directly
if __name__ == "__main__":
    builder = HdfsSessions()
