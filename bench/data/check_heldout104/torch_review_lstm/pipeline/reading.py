
import pandas as pd

class Reader:

    def read(self):
        """# load the review table """
        table = pd.read_csv('Input/review_data (1).csv')
        # keep the two columns used
        table = table[['content', 'score']]
        return table
